import type { DeliveryDetail } from '@/lib/commerce/standing-order-schemas';
import styles from './standing.module.css';

/** Lines no longer sold: left out of the order, and said so, never silently (issue 17). */
export function UnavailableLines({ lines, what }: { lines: DeliveryDetail['unavailable']; what: string }) {
  if (lines.length === 0) return null;
  return (
    <div className={styles.warning}>
      <p>These lines are no longer sold and are left out of {what}:</p>
      <ul>
        {lines.map((line) => (
          <li key={line.productCode}>
            {line.name} ({line.productCode}): {line.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
