import Link from 'next/link';
import { getDueCheckins, type DueCheckin } from '@/lib/commerce/checkin';
import { formatCalendarDate, formatLondonInstant } from '@/lib/commerce/dates';
import styles from './checkin.module.css';

const checkinHref = (code: string) => `/account/orders/${encodeURIComponent(code)}/checkin/`;

/** On the order list: this delivery is waiting to be checked in, and until when. */
export function CheckinDueMark({ code, deadline }: { code: string; deadline: string }) {
  return (
    <span className={styles.dueMark}>
      <Link href={checkinHref(code)} prefetch={false}>
        Check in delivery
      </Link>{' '}
      by {formatLondonInstant(deadline)}
    </span>
  );
}

/** Home's notice of deliveries waiting to be checked in; nothing when there are none or the list cannot be read. */
export async function CheckinsDue() {
  const due = await getDueCheckins();
  if (!due.ok || due.data.deliveries.length === 0) return null;
  const deliveries: DueCheckin[] = due.data.deliveries;
  return (
    <section className={styles.due} aria-labelledby="checkins-due">
      <h2 id="checkins-due">{deliveries.length === 1 ? 'A delivery is waiting to be checked in' : `${deliveries.length} deliveries are waiting to be checked in`}</h2>
      <ul>
        {deliveries.map((delivery) => (
          <li key={delivery.code}>
            <Link href={checkinHref(delivery.code)} prefetch={false}>
              Check in order {delivery.code}
            </Link>
            , delivered {formatCalendarDate(delivery.deliveryDate)} to {delivery.shipTo.name}: by {formatLondonInstant(delivery.deadline)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The deadlines of the deliveries waiting to be checked in, by order code (empty when they cannot be read). */
export async function dueDeadlines(): Promise<Map<string, string>> {
  const due = await getDueCheckins();
  return new Map(due.ok ? due.data.deliveries.map((delivery) => [delivery.code, delivery.deadline]) : []);
}
