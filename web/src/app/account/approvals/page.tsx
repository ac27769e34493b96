import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { DecisionForm } from '@/components/approvals/decision-form';
import { decideAction, decideStandingAction } from './actions';
import { deadlineOf, QueuedOrderCard } from '@/components/approvals/queued-order';
import { QueuedStandingOrderCard } from '@/components/approvals/queued-standing-order';
import { listApprovals, listStandingApprovals, type QueuedOrder } from '@/lib/commerce/approval-calls';
import { decidedText } from '@/lib/commerce/approvals';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import styles from '@/components/account/orders.module.css';

export const metadata: Metadata = { title: 'Approvals' };

type SearchParams = Record<string, string | string[] | undefined>;

const ORDER_CODE = /^[A-Za-z0-9-]{1,40}$/;

const codeParam = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' && ORDER_CODE.test(value) ? value : undefined);

const queueHref = (code: string) => `/account/approvals/?order=${encodeURIComponent(code)}`;

/**
 * The approver's queue (docs/approvals.md): the held orders waiting for this user's decision, the least time left
 * first, each with its lines, the limits it passes and Approve / Reject on the page, so a phone needs no more.
 * The approval e-mail links to `?order=<code>`: that order comes first, with its lines in full. Standing orders
 * waiting for approval follow.
 */
export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [params, result, standing] = await Promise.all([searchParams, listApprovals(), listStandingApprovals()]);
  const done = decidedText(params);
  const asked = codeParam(params.order);
  const queue = result.ok ? [...result.data.orderApprovals].sort((a, b) => Date.parse(deadlineOf(a)) - Date.parse(deadlineOf(b))) : [];
  const first = queue.find((order) => order.code === asked);
  const orders: QueuedOrder[] = first ? [first, ...queue.filter((order) => order !== first)] : queue;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'User details', href: '/account/' }, { name: 'Approvals' }]} />
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
              <QueuedOrderCard order={order} href={queueHref(order.code)} full={order === first} spend decide={<DecisionForm orderCode={order.code} version={order.version} decide={decideAction} />} />
            </li>
          ))}
        </ul>
      )}
      {standing.ok && standing.data.standingOrderApprovals.length > 0 ? (
        <section aria-labelledby="standing-approvals">
          <h2 id="standing-approvals" className={pageStyles.sectionTitle}>
            Standing orders
          </h2>
          <ul className={styles.orders} aria-label="Standing orders waiting for approval">
            {standing.data.standingOrderApprovals.map((item) => (
              <li key={item.code}>
                <QueuedStandingOrderCard standing={item} decide={<DecisionForm orderCode={item.code} what={`standing order ${item.code}`} decide={decideStandingAction} />} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
