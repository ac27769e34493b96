import type { Delivery, StandingStatus } from '@/lib/commerce/standing-order-schemas';
import styles from './standing.module.css';

const STATUS_LABELS: Record<StandingStatus, string> = { active: 'Active', paused: 'Paused', ended: 'Ended' };
const STATE_LABELS: Record<Delivery['state'], string> = { scheduled: 'Scheduled', skipped: 'Skipped', placed: 'Placed', failed: 'Not placed' };

/** A standing order's status as a pill; the colour repeats the word, never replaces it. */
export function StandingStatusPill({ status }: { status: StandingStatus }) {
  return (
    <span className={`${styles.status} ${styles[`status_${status}`] ?? ''}`} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** One delivery's state; a paused standing order's scheduled dates say that nothing will be ordered. */
export function DeliveryStatePill({ delivery, paused = false }: { delivery: Pick<Delivery, 'state'>; paused?: boolean }) {
  const state = paused && delivery.state === 'scheduled' ? 'paused' : delivery.state;
  return (
    <span className={`${styles.status} ${styles[`status_${state}`] ?? ''}`} data-state={state}>
      {state === 'paused' ? 'Paused' : STATE_LABELS[delivery.state]}
    </span>
  );
}
