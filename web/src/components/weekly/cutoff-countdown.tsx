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

interface Props {
  dates: OpenDate[];
  /** 'header': compact on a phone; 'cart': the full sentence. */
  variant: 'header' | 'cart';
  /** Words for another deadline than ordering, e.g. a standing order's delivery ("Change within …"). */
  wording?: { lead: string; closed: string };
}

const ORDERING = { lead: 'Order within', closed: 'No delivery dates open: see checkout' };

/** "Order within 2 h 15 min for delivery on Tue 25 Nov", updated each minute, highlighted under an hour (design §7). */
export function CutoffCountdown({ dates, variant, wording = ORDERING }: Props) {
  const minute = useSyncExternalStore(subscribeToMinutes, currentMinute, noMinute);
  const className = `${styles.countdown} ${variant === 'header' ? styles.compact : styles.cartCountdown}`;
  if (minute === null) {
    const first = dates[0];
    return first ? (
      <p className={className} data-testid="cutoff-countdown">
        Next delivery {deliveryDay(first.date)}
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
        {wording.lead} <strong>{countdown.left}</strong> for delivery on {countdown.day}
      </span>
      {variant === 'header' ? (
        <span className={styles.short}>
          <strong>{countdown.left}</strong> left · {countdown.day}
        </span>
      ) : null}
    </p>
  );
}
