import { invoiceStatusLabel } from './invoice-text';
import styles from './invoices.module.css';

/** The invoice's status as a pill; the colour repeats the word, never replaces it. */
export function InvoiceStatusBadge({ status }: { status: string }) {
  return (
    <span className={`${styles.badge} ${styles[`badge_${status}`] ?? ''}`} data-status={status}>
      {invoiceStatusLabel(status)}
    </span>
  );
}
