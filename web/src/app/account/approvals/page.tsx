import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { DecisionForm } from '@/components/approvals/decision-form';
import { decideAction } from './actions';
import { deadlineOf, QueuedOrderCard } from '@/components/approvals/queued-order';
import { listApprovals, type QueuedOrder } from '@/lib/commerce/approval-calls';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import styles from '@/components/account/orders.module.css';

export const metadata: Metadata = { title: 'Approvals' };

type SearchParams = Record<string, string | string[] | undefined>;

const ORDER_CODE = /^[A-Za-z0-9-]{1,40}$/;

const DONE: Record<string, (code: string) => string> = {
  approved: (code) => `Order ${code} approved: it is placed and goes to the warehouse.`,
  rejected: (code) => `Order ${code} rejected. The buyer gets an e-mail with your comment.`,
};

const codeParam = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' && ORDER_CODE.test(value) ? value : undefined);

/** What the last decision did, named by the address the decision led to. */
function decidedText(params: SearchParams): string | undefined {
  const decided = codeParam(params.decided);
  return decided && typeof params.decision === 'string' ? DONE[params.decision]?.(decided) : undefined;
}

const queueHref = (code: string) => `/account/approvals/?order=${encodeURIComponent(code)}`;

/**
 * The approver's queue (docs/approvals.md): the held orders waiting for this user's decision, the least time left
 * first, each with its lines, the limits it passes and Approve / Reject on the page, so a phone needs no more.
 * The approval e-mail links to `?order=<code>`: that order comes first, with its lines in full.
 */
export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [params, result] = await Promise.all([searchParams, listApprovals()]);
  const done = decidedText(params);
  const asked = codeParam(params.order);
  const queue = result.ok ? [...result.data.orderApprovals].sort((a, b) => Date.parse(deadlineOf(a)) - Date.parse(deadlineOf(b))) : [];
  const first = queue.find((order) => order.code === asked);
  const orders: QueuedOrder[] = first ? [first, ...queue.filter((order) => order !== first)] : queue;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Approvals' }]} />
      <h1 className={pageStyles.title}>Approvals</h1>
      {done ? (
        <p role="status" className={accountStyles.done}>
          {done}
        </p>
      ) : null}
      {asked && result.ok && !first && !done ? (
        <p role="status" className={accountStyles.empty}>
          Order {asked} is not waiting for your approval: it was decided, it expired at its cut-off, or it is not yours to decide.
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
              <QueuedOrderCard order={order} href={queueHref(order.code)} full={order === first} decide={<DecisionForm orderCode={order.code} decide={decideAction} />} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
