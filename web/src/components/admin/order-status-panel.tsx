import { adminCall } from '@/lib/admin/admin-client';
import { orderStatusViewSchema } from '@/lib/admin/orders-out-schemas';
import { statusLabel } from '@/components/orders/order-status';
import { AdminLoadFailed, formatDateTime } from './admin-parts';
import { OrderStatusForm } from './order-status-form';

/** The order page's status section: the history of reports, with who made them, and the form for the next one. */
export async function OrderStatusPanel({ code }: { code: string }) {
  const result = await adminCall(orderStatusViewSchema, `/orders/${encodeURIComponent(code)}/status`);
  if (!result.ok) return <AdminLoadFailed error={result.error} />;
  const view = result.data;
  return (
    <section className="admin-section" aria-labelledby="order-status-title">
      <h2 id="order-status-title">Status: {statusLabel(view.status)}</h2>
      {view.changes.length > 0 ? (
        <ol className="admin-status-history">
          {view.changes.map((change) => (
            <li key={`${change.changedAt}-${change.to}`}>
              {formatDateTime(change.changedAt)}: {statusLabel(change.from)} → <strong>{statusLabel(change.to)}</strong> by {change.changedBy.replace(/^(operator|client):/, '')}
              {change.note ? <q className="admin-status-note">{change.note}</q> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>No status reports yet: the order is as placed.</p>
      )}
      <OrderStatusForm view={view} />
    </section>
  );
}
