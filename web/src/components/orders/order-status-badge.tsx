import styles from './orders.module.css';
import { statusLabel } from './order-status';

/** The order's status as a coloured pill; the colour repeats the word, never replaces it. */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span className={`${styles.badge} ${styles[`badge_${status}`] ?? ''}`} data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
