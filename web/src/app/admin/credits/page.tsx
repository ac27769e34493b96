import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminLoadFailed, AdminPager, formatDateTime, pageParam, param } from '@/components/admin/admin-parts';
import { CreditStatusBadge } from '@/components/credits/credit-status-badge';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { adminCreditRequestListSchema, CREDIT_STATUSES, creditStatusLabel } from '@/lib/commerce/credits';

export const metadata: Metadata = { title: 'Credit requests' };

type Params = Promise<Record<string, string | string[] | undefined>>;

/**
 * Credit requests from check-ins (docs/after-delivery.md "Credit requests"), newest first; by default those waiting
 * for a decision. Each opens its detail with the photos and the decision form.
 */
export default async function AdminCreditsPage({ searchParams }: { searchParams: Params }) {
  await requireOperator(SERVICE_ROLES);
  const params = await searchParams;
  const chosen = param(params.status);
  // No filter asked for: the ones waiting for a decision. "all" lists every status.
  const status = chosen === undefined ? 'requested' : (CREDIT_STATUSES as readonly string[]).includes(chosen) ? chosen : undefined;
  const shipTo = param(params.shipTo);
  const page = pageParam(params.page);
  const result = await adminCall(adminCreditRequestListSchema, '/creditrequests', { query: { status: status ?? '', shipTo: shipTo ?? '', page } });
  return (
    <div className="admin-page">
      <h1>Credit requests</h1>
      <form className="admin-filters" method="get" role="search" aria-label="Filter credit requests">
        <label>
          Status
          <select name="status" defaultValue={status ?? 'all'}>
            <option value="all">All</option>
            {CREDIT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {creditStatusLabel(value)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Ship-to code
          <input name="shipTo" defaultValue={shipTo} inputMode="numeric" maxLength={20} />
        </label>
        <button type="submit" className="button button-primary">
          Filter
        </button>
        <Link href="/admin/credits/">Clear</Link>
      </form>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : result.data.creditRequests.length === 0 ? (
        <p>{status === 'requested' ? 'No credit requests are waiting for a decision.' : 'No credit requests match.'}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Checked in</th>
                <th scope="col">Order</th>
                <th scope="col">Ship-to</th>
                <th scope="col">Requested by</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Requested
                </th>
                <th scope="col" className="num">
                  Credited
                </th>
              </tr>
            </thead>
            <tbody>
              {result.data.creditRequests.map((request) => (
                <tr key={request.code}>
                  <td data-label="Request">
                    <Link href={`/admin/credits/${encodeURIComponent(request.code)}/`}>{request.code}</Link>
                  </td>
                  <td data-label="Checked in">{formatDateTime(request.createdAt)}</td>
                  <td data-label="Order">
                    <Link href={`/admin/orders/${encodeURIComponent(request.orderCode)}/`}>{request.orderCode}</Link>
                  </td>
                  <td data-label="Ship-to">
                    {request.shipTo.name} ({request.shipTo.code})
                  </td>
                  <td data-label="Requested by">{request.requestedBy.name}</td>
                  <td data-label="Status">
                    <CreditStatusBadge status={request.status} />
                  </td>
                  <td data-label="Requested" className="num">
                    {request.gross.formattedValue}
                  </td>
                  <td data-label="Credited" className="num">
                    {request.credited?.formattedValue ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.ok ? <AdminPager basePath="/admin/credits/" params={{ status: status ?? 'all', shipTo }} page={page} hasMore={result.data.hasMore} /> : null}
    </div>
  );
}
