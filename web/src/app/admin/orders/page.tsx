import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminLoadFailed, AdminPager, formatDateTime, formatDay, pageParam, param } from '@/components/admin/admin-parts';
import { statusLabel } from '@/components/orders/order-status';
import { adminCall } from '@/lib/admin/admin-client';
import { orderListSchema } from '@/lib/admin/admin-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';

export const metadata: Metadata = { title: 'Orders' };

type Params = Promise<Record<string, string | string[] | undefined>>;

/** Every customer's orders, newest first, filtered by ship-to, range and the day they were placed. */
export default async function AdminOrdersPage({ searchParams }: { searchParams: Params }) {
  await requireOperator(SERVICE_ROLES);
  const params = await searchParams;
  const filters = { shipTo: param(params.shipTo), range: param(params.range), from: param(params.from), to: param(params.to) };
  const page = pageParam(params.page);
  const result = await adminCall(orderListSchema, '/orders', { query: { ...filters, page } });
  return (
    <div className="admin-page">
      <h1>Orders</h1>
      <form className="admin-filters" method="get" role="search" aria-label="Filter orders">
        <label>
          Ship-to code
          <input name="shipTo" defaultValue={filters.shipTo} inputMode="numeric" maxLength={20} />
        </label>
        <label>
          Range
          <select name="range" defaultValue={filters.range ?? ''}>
            <option value="">Both</option>
            <option value="CHIL">Chilled (CHIL)</option>
            <option value="DAIR">Dairy (DAIR)</option>
          </select>
        </label>
        <label>
          Placed from
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label>
          Placed to
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <button type="submit" className="button button-primary">
          Filter
        </button>
        <Link href="/admin/orders/">Clear</Link>
      </form>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : result.data.orders.length === 0 ? (
        <p>No orders match.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Ship-to</th>
                <th scope="col">Range</th>
                <th scope="col">Placed by</th>
                <th scope="col">Delivery</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {result.data.orders.map((order) => (
                <tr key={order.code}>
                  <td data-label="Order">
                    <Link href={`/admin/orders/${encodeURIComponent(order.code)}/`}>{order.code}</Link>
                  </td>
                  <td data-label="Placed">{formatDateTime(order.placed)}</td>
                  <td data-label="Ship-to">
                    {order.shipTo.name} ({order.shipTo.code})
                  </td>
                  <td data-label="Range">{order.salesOrg}</td>
                  <td data-label="Placed by">{order.placedBy}</td>
                  <td data-label="Delivery">{formatDay(order.deliveryDate)}</td>
                  <td data-label="Status">{statusLabel(order.status)}</td>
                  <td data-label="Total" className="num">
                    {order.totalPriceWithTax.formattedValue}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.ok ? <AdminPager basePath="/admin/orders/" params={filters} page={page} hasMore={result.data.hasMore} /> : null}
    </div>
  );
}
