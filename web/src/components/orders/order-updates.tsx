import { formatShortDate } from '@/lib/commerce/dates';
import type { OrderStatusChange } from '@/lib/commerce/types';
import { statusLabel } from './order-status';
import styles from './orders.module.css';

/** The warehouse's reports on an order, newest first, with the notes they came with. */
export function OrderUpdates({ changes }: { changes: OrderStatusChange[] }) {
  if (changes.length === 0) return null;
  return (
    <section className={styles.updates} aria-labelledby="order-updates">
      <h2 id="order-updates" className={styles.updatesTitle}>
        Updates
      </h2>
      <ol className={styles.updatesList}>
        {[...changes].reverse().map((change) => (
          <li key={`${change.changedAt}-${change.status}`}>
            <strong>{statusLabel(change.status)}</strong> <span className={styles.muted}>{formatShortDate(change.changedAt)}</span>
            {change.note ? <p className={styles.note}>{change.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The latest note, for the order history's one line per order. */
export function latestNote(changes: OrderStatusChange[] | undefined): string | null {
  return [...(changes ?? [])].reverse().find((change) => change.note)?.note ?? null;
}
