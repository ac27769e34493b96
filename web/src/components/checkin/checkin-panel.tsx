import Link from 'next/link';
import { getCheckin, type CheckinView } from '@/lib/commerce/checkin';
import { CREDIT_STATUS_LABELS, reasonLabel } from '@/lib/commerce/checkin-labels';
import { formatLondonInstant } from '@/lib/commerce/dates';
import styles from './checkin.module.css';

/**
 * The order page's check-in block for a delivered order: "Check in delivery" while the window is open, else
 * what was recorded at the door and the credit request it made, with its status and amount.
 */
export async function CheckinPanel({ orderCode, status, justCheckedIn }: { orderCode: string; status: string; justCheckedIn: boolean }) {
  if (status !== 'delivered') return null;
  const result = await getCheckin(orderCode);
  // The order page stands without this block: a failure to read it hides it rather than the order.
  if (!result.ok) return null;
  return <CheckinSummary orderCode={orderCode} view={result.data} justCheckedIn={justCheckedIn} />;
}

export function CheckinSummary({ orderCode, view, justCheckedIn }: { orderCode: string; view: CheckinView; justCheckedIn: boolean }) {
  const href = `/account/orders/${encodeURIComponent(orderCode)}/checkin/`;
  if (view.eligible) {
    return (
      <section className={styles.panel} aria-labelledby="checkin-title">
        <h2 id="checkin-title">Check in this delivery</h2>
        <p>Record anything short, damaged or wrong{view.deadline ? ` by ${formatLondonInstant(view.deadline)}` : ''}, with photos, and we will credit it.</p>
        <Link href={href} className={styles.link}>
          Check in delivery
        </Link>
      </section>
    );
  }
  if (!view.checkin) {
    if (view.reasonNotEligible !== 'windowClosed') return null;
    return (
      <section className={styles.panel} aria-labelledby="checkin-title">
        <h2 id="checkin-title">Check-in</h2>
        <p>The check-in for this delivery has closed. Call us if something was wrong with it.</p>
      </section>
    );
  }
  const credit = view.creditRequest;
  return (
    <section className={styles.panel} aria-labelledby="checkin-title">
      <h2 id="checkin-title">Check-in</h2>
      {justCheckedIn ? <p role="status">Thank you: the check-in has been sent.</p> : null}
      <p>
        Checked in {formatLondonInstant(view.checkin.checkedInAt)} by {view.checkin.checkedInBy}.{' '}
        {view.photos.length > 0 ? `${view.photos.length} photo${view.photos.length === 1 ? '' : 's'}.` : ''}
      </p>
      {credit ? (
        <>
          <p>
            Credit request <strong>{credit.code}</strong>: {CREDIT_STATUS_LABELS[credit.status] ?? credit.status}, {credit.gross.formattedValue} including VAT
            {credit.credited && credit.status !== 'requested' ? ` (credited ${credit.credited.formattedValue})` : ''}.
          </p>
          <ul className={styles.creditLines}>
            {credit.lines.map((line) => (
              <li key={line.entryNumber}>
                {line.quantity} × {line.name}: {reasonLabel(line.reason)}, {line.net.formattedValue} + VAT {line.vat.formattedValue}
              </li>
            ))}
          </ul>
          <Link href={`/account/credits/${encodeURIComponent(credit.code)}/`} className={styles.link} prefetch={false}>
            View credit request {credit.code}
          </Link>
        </>
      ) : (
        <p>Everything arrived as delivered: nothing to credit.</p>
      )}
    </section>
  );
}
