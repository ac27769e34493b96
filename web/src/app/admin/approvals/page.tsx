import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminLoadFailed } from '@/components/admin/admin-parts';
import { DecisionForm } from '@/components/approvals/decision-form';
import { QueuedOrderCard } from '@/components/approvals/queued-order';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { approvalQueueSchema } from '@/lib/commerce/approval-calls';
import styles from '@/components/account/orders.module.css';
import { decideAsOperatorAction } from './actions';

export const metadata: Metadata = { title: 'Approvals' };

type Params = Promise<Record<string, string | string[] | undefined>>;

const ORDER_CODE = /^[A-Za-z0-9-]{1,40}$/;

/** Who decides a held order, in words. */
const DECIDERS: Record<string, string> = { approvers: "The company's approvers decide", admins: "The company's admins decide", operators: 'Operators decide' };

/**
 * Held orders in the back office (docs/approvals.md "Who decides"): those whose company has no one else to decide
 * them, for operators to approve or reject before the cut-off; "All held orders" also lists those the company
 * decides, to see, not to decide.
 */
export default async function AdminApprovalsPage({ searchParams }: { searchParams: Params }) {
  await requireOperator();
  const params = await searchParams;
  const all = params.decidedBy === 'anyone';
  const result = await adminCall(approvalQueueSchema, '/approvals', { query: { decidedBy: all ? 'anyone' : 'operators' } });
  const decided = typeof params.decided === 'string' && ORDER_CODE.test(params.decided) ? params.decided : undefined;
  const approved = params.decision === 'approved';
  return (
    <div className="admin-page">
      <h1>Approvals</h1>
      <p>
        {all ? <Link href="/admin/approvals/">Orders for operators to decide</Link> : <Link href="/admin/approvals/?decidedBy=anyone">All held orders</Link>}
      </p>
      {decided ? (
        <p role="status" className="admin-notice">
          {approved ? `Order ${decided} approved: it is placed and goes to the warehouse.` : `Order ${decided} rejected. The buyer gets an e-mail with the comment.`}
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
                decide={order.decidedBy === 'operators' ? <DecisionForm orderCode={order.code} decide={decideAsOperatorAction} /> : <p>{DECIDERS[order.decidedBy ?? ''] ?? ''}</p>}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
