import type { CreditNotice } from '@/lib/commerce/credit';
import styles from './cart.module.css';

/** Said before the order is placed: it will wait for the credit team, and why (docs/credit-control.md). */
export function CheckoutCreditNotice({ notice }: { notice: CreditNotice }) {
  if (!notice) return null;
  const why =
    notice.kind === 'onHold'
      ? `Your account is on hold${notice.reason ? `: ${notice.reason}` : ''}.`
      : `This order (${notice.gross}) would take your account over its credit limit: ${notice.available} is available.`;
  return (
    <div role="status" className={styles.approvalNotice}>
      <p>
        <strong>Needs our credit team</strong>
      </p>
      <p>{why} Once placed, your order waits for our credit team before it goes to the warehouse.</p>
    </div>
  );
}
