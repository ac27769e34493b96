import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { AdminLoadFailed } from '@/components/admin/admin-parts';
import { DecisionForm } from '@/components/approvals/decision-form';
import { QueuedOrderCard } from '@/components/approvals/queued-order';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { QueuedStandingOrderCard } from '@/components/approvals/queued-standing-order';
import { approvalQueueSchema, standingQueueSchema } from '@/lib/commerce/approval-calls';
import { decidedText } from '@/lib/commerce/approvals';
import styles from '@/components/account/orders.module.css';
import { decideAsOperatorAction, decideStandingAsOperatorAction } from './actions';

export const metadata: Metadata = { title: 'Approvals' };

type Params = Promise<Record<string, string | string[] | undefined>>;

/** Who decides a held order, in words. */
const DECIDERS: Record<string, string> = { approvers: "The company's approvers decide", admins: "The company's admins decide", operators: 'Operators decide' };

/**
 * Held orders in the back office (docs/approvals.md "Who decides"): those whose company has no one else to decide
 * them, for operators to approve or reject before the cut-off; "All held orders" also lists those the company
 * decides, to see, not to decide.
 */
export default async function AdminApprovalsPage({ searchParams }: { searchParams: Params }) {
  await requireOperator(SERVICE_ROLES);
  const params = await searchParams;
  const all = params.decidedBy === 'anyone';
  const query = { decidedBy: all ? 'anyone' : 'operators' };
  const [result, standing] = await Promise.all([adminCall(approvalQueueSchema, '/approvals', { query }), adminCall(standingQueueSchema, '/standingorderapprovals', { query })]);
  const done = decidedText(params);
  const decide = (decidedBy: string | undefined, form: ReactNode) => (decidedBy === 'operators' ? form : <p>{DECIDERS[decidedBy ?? ''] ?? ''}</p>);
  return (
    <div className="admin-page">
      <h1>Approvals</h1>
      <p>
        {all ? <Link href="/admin/approvals/">Orders for operators to decide</Link> : <Link href="/admin/approvals/?decidedBy=anyone">All held orders</Link>}
      </p>
      {done ? (
        <p role="status" className="admin-notice">
          {done}
        </p>
      ) : null}
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : result.data.orderApprovals.length === 0 ? (
        <p>{all ? 'No orders are waiting for approval.' : 'No orders are waiting for an operator’s decision.'}</p>
      ) : (
        <ul className={styles.orders} aria-label="Orders waiting for approval">
          {result.data.orderApprovals.map((order) => (
            <li key={order.code}>
              <QueuedOrderCard
                order={order}
                href={`/admin/orders/${encodeURIComponent(order.code)}/`}
                decide={decide(order.decidedBy, <DecisionForm orderCode={order.code} version={order.version} decide={decideAsOperatorAction} />)}
              />
            </li>
          ))}
        </ul>
      )}
      <h2>Standing orders</h2>
      {!standing.ok ? (
        <AdminLoadFailed error={standing.error} />
      ) : standing.data.standingOrderApprovals.length === 0 ? (
        <p>No standing orders are waiting for approval here.</p>
      ) : (
        <ul className={styles.orders} aria-label="Standing orders waiting for approval">
          {standing.data.standingOrderApprovals.map((item) => (
            <li key={item.code}>
              <QueuedStandingOrderCard
                standing={item}
                decide={decide(item.decidedBy, <DecisionForm orderCode={item.code} what={`standing order ${item.code}`} decide={decideStandingAsOperatorAction} />)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
