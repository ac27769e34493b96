'use client';

import { useSyncExternalStore } from 'react';
import { countdownAt, deliveryDay, type OpenDate } from '@/lib/commerce/cutoff';
import styles from './weekly.module.css';

const MINUTE = 60_000;

/** The current minute, re-read at each minute's start: the countdown shows whole minutes. */
function subscribeToMinutes(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const schedule = () => {
    timer = setTimeout(() => {
      onChange();
      schedule();
    }, MINUTE - (Date.now() % MINUTE));
  };
  schedule();
  return () => clearTimeout(timer);
}
const currentMinute = () => Math.floor(Date.now() / MINUTE);
/** The server does not know the shopper's clock: it renders the date alone and the browser adds the time left. */
const noMinute = () => null;

/** What closes at the cut-off: ordering for a date, or changing a placed order or one standing-order delivery. */
export type CountdownPurpose = 'ordering' | 'orderChange' | 'deliveryChange' | 'approval' | 'credit';

interface Wording {
  /** Server render: the shopper's clock is not known yet, so no time left. */
  pending: (day: string) => string;
  lead: string;
  tail: (day: string) => string;
  closed: string;
}

const CHANGE_PENDING = (day: string) => `Changes close at the cut-off for delivery on ${day}`;
const CHANGE_CLOSED = 'The cut-off for this delivery has passed';

const WORDINGS: Record<CountdownPurpose, Wording> = {
  ordering: { pending: (day) => `Next delivery ${day}`, lead: 'Order within', tail: (day) => ` for delivery on ${day}`, closed: 'No delivery dates open: see checkout' },
  orderChange: { pending: CHANGE_PENDING, lead: 'Changes close in', tail: (day) => `, at the cut-off for delivery on ${day}`, closed: CHANGE_CLOSED },
  deliveryChange: { pending: CHANGE_PENDING, lead: 'Change or skip within', tail: (day) => ` for delivery on ${day}`, closed: CHANGE_CLOSED },
  // A held order's deadline (docs/approvals.md): undecided at the cut-off, it expires.
  approval: {
    pending: (day) => `Approval closes at the cut-off for delivery on ${day}`,
    lead: 'Approval closes in',
    tail: (day) => `, at the cut-off for delivery on ${day}`,
    closed: CHANGE_CLOSED,
  },
  // An order waiting for credit (docs/credit-control.md): unreleased at the cut-off, it expires.
  credit: {
    pending: (day) => `Release closes at the cut-off for delivery on ${day}`,
    lead: 'Release closes in',
    tail: (day) => `, at the cut-off for delivery on ${day}`,
    closed: CHANGE_CLOSED,
  },
};

interface Props {
  dates: OpenDate[];
  /** 'header': compact on a phone; 'cart': the full sentence. */
  variant: 'header' | 'cart';
  purpose?: CountdownPurpose;
}

/** "Order within 2 h 15 min for delivery on Tue 25 Nov", updated each minute, highlighted under an hour (docs/decisions-left-open.md#weekly-ordering). */
export function CutoffCountdown({ dates, variant, purpose = 'ordering' }: Props) {
  const wording = WORDINGS[purpose];
  const minute = useSyncExternalStore(subscribeToMinutes, currentMinute, noMinute);
  const className = `${styles.countdown} ${variant === 'header' ? styles.compact : styles.cartCountdown}`;
  if (minute === null) {
    const first = dates[0];
    return first ? (
      <p className={className} data-testid="cutoff-countdown">
        {wording.pending(deliveryDay(first.date))}
      </p>
    ) : null;
  }
  const countdown = countdownAt(dates, minute * MINUTE);
  if (!countdown) {
    return (
      <p className={className} data-testid="cutoff-countdown">
        {wording.closed}
      </p>
    );
  }
  return (
    <p className={className} data-testid="cutoff-countdown" data-urgent={countdown.urgent ? '' : undefined} data-date={countdown.date}>
      <span className={styles.long}>
        {wording.lead} <strong>{countdown.left}</strong>
        {wording.tail(countdown.day)}
      </span>
      {variant === 'header' ? (
        <span className={styles.short}>
          <strong>{countdown.left}</strong> left · {countdown.day}
        </span>
      ) : null}
    </p>
  );
}
