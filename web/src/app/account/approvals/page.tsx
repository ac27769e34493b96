import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { deadlineOf, QueuedOrderCard } from '@/components/approvals/queued-order';
import { listApprovals } from '@/lib/commerce/approval-calls';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import styles from '@/components/account/orders.module.css';

export const metadata: Metadata = { title: 'Approvals' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const DONE: Record<string, (code: string) => string> = {
  approved: (code) => `Order ${code} approved: it is placed and goes to the warehouse.`,
  rejected: (code) => `Order ${code} rejected. The buyer gets an e-mail with your comment.`,
};

/** What the last decision did, named by the address the decision led to. */
function decidedText(params: Record<string, string | string[] | undefined>): string | undefined {
  const { decided, decision } = params;
  if (typeof decided !== 'string' || typeof decision !== 'string' || !/^[A-Za-z0-9-]{1,40}$/.test(decided)) return undefined;
  return DONE[decision]?.(decided);
}

/**
 * The approver's queue (docs/approvals.md): the held orders waiting for this user's decision, the least time left
 * first, each with its lines, the limits it passes and Approve / Reject on the page, so a phone needs no more.
 */
export default async function ApprovalsPage({ searchParams }: { searchParams: SearchParams }) {
  const [params, result] = await Promise.all([searchParams, listApprovals()]);
  const done = decidedText(params);
  const orders = result.ok ? [...result.data.orders].sort((a, b) => Date.parse(deadlineOf(a)) - Date.parse(deadlineOf(b))) : [];
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Approvals' }]} />
      <h1 className={pageStyles.title}>Approvals</h1>
      {done ? (
        <p role="status" className={accountStyles.done}>
          {done}
        </p>
      ) : null}
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : orders.length === 0 ? (
        <p className={accountStyles.empty}>No orders are waiting for your approval.</p>
      ) : (
        <ul className={styles.orders} aria-label="Orders waiting for approval">
          {orders.map((order) => (
            <li key={order.code}>
              <QueuedOrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
