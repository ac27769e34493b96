import { creditStatusLabel } from '@/lib/commerce/credits';
import styles from './credits.module.css';

/** A credit request's status as a coloured pill; the colour repeats the word, never replaces it. */
export function CreditStatusBadge({ status }: { status: string }) {
  return (
    <span className={`${styles.badge} ${styles[`badge_${status}`] ?? ''}`} data-status={status}>
      {creditStatusLabel(status)}
    </span>
  );
}
