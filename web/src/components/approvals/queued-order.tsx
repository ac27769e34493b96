import Link from 'next/link';
import { OrderLines, OrderLinesBrief } from '@/components/account/order-lines';
import { CutoffCountdown } from '@/components/weekly/cutoff-countdown';
import type { QueuedOrder } from '@/lib/commerce/approval-calls';
import { formatCalendarDate, formatShortDate } from '@/lib/commerce/dates';
import styles from '@/components/account/orders.module.css';
import orderStyles from '@/components/orders/orders.module.css';
import { DecisionList, ReasonList } from './approval-facts';
import { PeriodSpend } from './period-spend';
import type { ReactNode } from 'react';

const DECIDED_BY: Record<string, string> = {
  approvers: "your company's other approvers decide it",
  admins: "your company's admins decide it",
  operators: 'Meadowvale customer service decides it',
};

/** Said instead of Approve / Reject on an order above the approver's own order limit (docs/approvals.md "Who decides"). */
function NotYours({ order }: { order: QueuedOrder }) {
  const limit = order.yourOrderLimit ? ` of ${order.yourOrderLimit.formattedValue}` : '';
  return (
    <p className={orderStyles.notYours}>
      Not yours to decide: it is over your own order limit{limit}, so {DECIDED_BY[order.decidedBy ?? ''] ?? 'others decide it'}.
    </p>
  );
}

/** Until when it can be decided: the deadline, else the order's cut-off (they are the same instant). */
export const deadlineOf = (order: Pick<QueuedOrder, 'approval' | 'cutoff'>): string => order.approval?.deadline ?? order.cutoff;

/** The week and month budgets an order is held by: their spend is shown with the orders it counts. */
const periodsOf = (order: QueuedOrder): ('WEEK' | 'MONTH')[] => [
  ...new Set((order.approval?.reasons ?? []).flatMap((reason) => (reason.type === 'periodThreshold' && reason.periodRange ? [reason.periodRange] : []))),
];

/**
 * One held order as its approver decides on it: the time left, who ordered what for which site, the limits it
 * passes, its lines (in short in the queue, in full for the order an e-mail linked to), and the `decide` form.
 * `spend`: the customer's queue also shows the spend behind a week or month limit, with the orders it counts.
 */
export function QueuedOrderCard({ order, href, decide, full = false, spend = false }: { order: QueuedOrder; href: string; decide: ReactNode; full?: boolean; spend?: boolean }) {
  const headingId = `approval-${order.code}`;
  return (
    <article className={styles.order} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.orderTitle}>
        {full ? (
          <>Order {order.code}</>
        ) : (
          <Link href={href} prefetch={false}>
            Order {order.code}
          </Link>
        )}
      </h2>
      <CutoffCountdown dates={[{ date: order.deliveryDate, cutoff: deadlineOf(order) }]} variant="cart" purpose="approval" />
      <dl className={styles.orderFacts}>
        <div>
          <dt>Ship-to</dt>
          <dd>{order.shipTo?.name ?? order.shipTo?.code ?? '–'}</dd>
        </div>
        {order.placedBy ? (
          <div>
            <dt>Ordered by</dt>
            <dd>
              {order.placedBy.name} ({order.placedBy.email})
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Placed</dt>
          <dd>{formatShortDate(order.placed)}</dd>
        </div>
        <div>
          <dt>Delivery date</dt>
          <dd>{formatCalendarDate(order.deliveryDate)}</dd>
        </div>
        <div>
          <dt>Total (net)</dt>
          <dd className={styles.total}>{order.totalPrice.formattedValue}</dd>
        </div>
        <div>
          <dt>With VAT</dt>
          <dd>{order.totalPriceWithTax.formattedValue}</dd>
        </div>
      </dl>
      <div className={orderStyles.approval}>
        <p>Why it needs approval:</p>
        <ReasonList reasons={order.approval?.reasons ?? []} label={`Why order ${order.code} needs approval`} reader={{ buyer: order.placedBy }} />
        {(spend ? periodsOf(order) : []).map((period) => (
          <PeriodSpend key={period} of={{ period, heldOrder: order.code }} />
        ))}
        <DecisionList decisions={order.approval?.decisions ?? []} />
      </div>
      {full ? <OrderLines lines={order.entries} label={`Lines of order ${order.code}`} /> : <OrderLinesBrief lines={order.entries} label={`Lines of order ${order.code}`} />}
      {order.canDecide === false ? <NotYours order={order} /> : decide}
    </article>
  );
}
