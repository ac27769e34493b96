import Link from 'next/link';
import { approvalSummary } from '@/lib/commerce/approval-calls';
import { formatLondonInstant } from '@/lib/commerce/dates';
import { getSession } from '@/lib/session/session';
import { decidesApprovals } from '@/lib/session/session-data';
import styles from '@/components/orders/orders.module.css';

/**
 * Home's notice to someone who decides on held orders (docs/approvals.md "Who decides"): how many wait for them
 * and the earliest deadline, since an order nobody decides by its cut-off expires. Nothing when none waits.
 */
export async function ApprovalsWaiting() {
  const user = (await getSession()).user;
  if (!user || !decidesApprovals(user)) return null;
  const summary = await approvalSummary();
  if (!summary.ok || summary.data.waiting === 0) return null;
  const { waiting, earliestDeadline } = summary.data;
  return (
    <section className={styles.approval} aria-labelledby="approvals-waiting">
      <h2 id="approvals-waiting">{waiting === 1 ? '1 order waits for your approval' : `${waiting} orders wait for your approval`}</h2>
      {earliestDeadline ? (
        <p>
          {waiting === 1 ? 'Decide it' : 'Decide the first'} by {formatLondonInstant(earliestDeadline)}; an order nobody decides by its cut-off expires and is not delivered.
        </p>
      ) : null}
      <p>
        <Link href="/account/approvals/" prefetch={false}>
          Open approvals
        </Link>
      </p>
    </section>
  );
}
