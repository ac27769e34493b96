import type { ReactNode } from 'react';
import { CutoffCountdown } from '@/components/weekly/cutoff-countdown';
import { creditDeadlineText, deadlineText, waitingForText } from '@/lib/commerce/approvals';
import { formatLondonInstant } from '@/lib/commerce/dates';
import type { Order } from '@/lib/commerce/types';
import { getSession } from '@/lib/session/session';
import styles from '@/components/orders/orders.module.css';
import { DecisionList, ReasonList } from './approval-facts';

const HEADINGS: Record<string, string> = { pendingApproval: 'Needs approval', awaitingCredit: 'Waiting for credit', rejected: 'Rejected', expired: 'Expired' };

const SUMMARIES: Record<string, string> = {
  pendingApproval: 'This order is waiting for approval. It goes to the warehouse once it is approved; until then nothing is delivered.',
  rejected: 'This order was rejected, so it will not be delivered and nothing is charged.',
  expired: 'Nobody approved this order before the cut-off, so it will not be delivered. Choose another date to send it for approval again.',
};

/** The same for an order held for credit (docs/credit-control.md); waiting, it says why in the hold's own words. */
const CREDIT_SUMMARIES: Record<string, string> = {
  rejected: 'Our credit team did not release this order, so it will not be delivered and nothing is charged.',
  expired: 'Our credit team did not release this order before the cut-off, so it will not be delivered. Choose another date to send it again.',
};

/**
 * A held order's approval on its page (docs/approvals.md): why it was held, the time left to its cut-off while it
 * waits, the decisions with their comments, and for an expired order the `choose` form. Shown too on an order
 * that was approved, so who approved it and when stays on the order.
 */
export async function OrderApprovalPanel({ order, choose }: { order: Pick<Order, 'status' | 'deliveryDate' | 'cutoff' | 'approval' | 'creditHold'>; choose?: ReactNode }) {
  const approval = order.approval;
  const credit = order.creditHold;
  const held = order.status in HEADINGS;
  if (!held && !approval?.decisions.length) return null;
  const self = (await getSession()).user?.username;
  const deadline = approval?.deadline ?? order.cutoff;
  const why = order.status === 'pendingApproval' ? 'Why it needs approval' : 'Why it needed approval';
  return (
    <section className={styles.approval} aria-labelledby="approval-title" data-print="hide">
      <h2 id="approval-title">{HEADINGS[order.status] ?? 'Approval'}</h2>
      {held ? <p>{credit ? (order.status === 'awaitingCredit' ? credit.message : CREDIT_SUMMARIES[order.status]) : SUMMARIES[order.status]}</p> : null}
      {credit?.comment ? <p>Our credit team: {credit.comment}</p> : null}
      {order.status === 'awaitingCredit' ? (
        <>
          <p>{creditDeadlineText(formatLondonInstant(credit?.deadline ?? order.cutoff))}</p>
          <CutoffCountdown dates={[{ date: order.deliveryDate, cutoff: credit?.deadline ?? order.cutoff }]} variant="cart" purpose="credit" />
        </>
      ) : null}
      {order.status === 'pendingApproval' ? (
        <>
          {approval?.waitingFor ? (
            <p>
              <strong>{waitingForText(approval.waitingFor)}</strong>
            </p>
          ) : null}
          <p>{deadlineText(formatLondonInstant(deadline))}</p>
          <CutoffCountdown dates={[{ date: order.deliveryDate, cutoff: deadline }]} variant="cart" purpose="approval" />
        </>
      ) : null}
      {approval?.reasons.length ? (
        <div>
          <p>{why}:</p>
          <ReasonList reasons={approval.reasons} label={why} reader={{ self }} />
        </div>
      ) : null}
      <DecisionList decisions={approval?.decisions ?? []} />
      {order.status === 'expired' ? choose : null}
    </section>
  );
}
