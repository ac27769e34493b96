import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminLoadFailed, formatDateTime, formatDay } from '@/components/admin/admin-parts';
import { OrderStatusPanel } from '@/components/admin/order-status-panel';
import { hasDeliveredQuantities, shortBy } from '@/components/orders/order-status';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { adminCall } from '@/lib/admin/admin-client';
import { orderSchema } from '@/lib/admin/admin-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';

export const metadata: Metadata = { title: 'Order' };

/** One order as placed: who, for which ship-to, when to deliver, and its lines with the prices of that moment. */
export default async function AdminOrderPage({ params }: { params: Promise<{ code: string }> }) {
  await requireOperator(SERVICE_ROLES);
  const { code } = await params;
  const result = await adminCall(orderSchema, `/orders/${encodeURIComponent(code)}`);
  if (!result.ok && (result.error.status === 404 || result.error.status === 400)) notFound();
  // The warehouse reports what it sent once the order leaves; until then there is nothing to show.
  const delivered = result.ok && hasDeliveredQuantities(result.data.entries);
  return (
    <div className="admin-page">
      <p>
        <Link href="/admin/orders/">← All orders</Link>
      </p>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : (
        <>
          <h1>Order {result.data.code}</h1>
          <section className="admin-section" aria-label="Order details">
            <dl className="admin-facts">
              <dt>Status</dt>
              <dd>
                <OrderStatusBadge status={result.data.status} />
              </dd>
              <dt>Placed</dt>
              <dd>
                {formatDateTime(result.data.placed)} by {result.data.placedBy}
              </dd>
              <dt>Ship-to</dt>
              <dd>
                {result.data.shipTo.name} ({result.data.shipTo.code}), sold-to {result.data.soldTo}, range {result.data.salesOrg}
              </dd>
              <dt>Delivery date</dt>
              <dd>{formatDay(result.data.deliveryDate)}</dd>
              <dt>Purchase order</dt>
              <dd>{result.data.purchaseOrderNumber ?? '—'}</dd>
              <dt>Delivery instructions</dt>
              <dd>{result.data.deliveryInstructions ?? '—'}</dd>
            </dl>
          </section>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Order lines</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Product</th>
                  <th scope="col">Pack</th>
                  <th scope="col" className="num">
                    Quantity
                  </th>
                  {delivered ? (
                    <th scope="col" className="num">
                      Delivered
                    </th>
                  ) : null}
                  <th scope="col" className="num">
                    Unit price
                  </th>
                  <th scope="col" className="num">
                    Net
                  </th>
                  <th scope="col" className="num">
                    VAT
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.data.entries.map((entry) => (
                  <tr key={entry.entryNumber}>
                    {/* Entry numbers count from 0 (the API's); people count lines from 1. */}
                    <td data-label="Line">{entry.entryNumber + 1}</td>
                    <td data-label="Product">
                      {/* One element: on a phone the cell lays out its label and its value side by side. */}
                      <span>
                        {entry.product.name} ({entry.product.code})
                        {entry.substitution ? (
                          <>
                            <br />
                            <strong>{entry.substitution.text}</strong>: {entry.substitution.quantity} × {entry.substitution.basePrice.formattedValue} ={' '}
                            {entry.substitution.totalPrice.formattedValue} ({entry.substitution.product.code})
                          </>
                        ) : entry.allowSubstitute ? (
                          <>
                            <br />
                            <small>Substitute allowed</small>
                          </>
                        ) : null}
                      </span>
                    </td>
                    <td data-label="Pack">{entry.product.packSize}</td>
                    <td data-label="Quantity" className="num">
                      {entry.quantity}
                    </td>
                    {delivered ? (
                      <td data-label="Delivered" className="num">
                        {/* One element: on a phone the cell lays out its label and its value side by side. */}
                        <span>
                          {entry.substitution ? 'Substitute' : (entry.deliveredQuantity ?? '—')}
                          {shortBy(entry) > 0 ? <span className="admin-status-bad"> (short {shortBy(entry)})</span> : null}
                        </span>
                      </td>
                    ) : null}
                    <td data-label="Unit price" className="num">
                      {entry.basePrice.formattedValue}
                    </td>
                    <td data-label="Net" className="num">
                      {entry.totalPrice.formattedValue}
                    </td>
                    <td data-label="VAT" className="num">
                      {entry.totalTax.formattedValue}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="admin-totals">
            Net {result.data.totalPrice.formattedValue} · VAT {result.data.totalTax.formattedValue} · <strong>Total {result.data.totalPriceWithTax.formattedValue}</strong>
          </p>
          <OrderStatusPanel code={result.data.code} />
        </>
      )}
    </div>
  );
}
