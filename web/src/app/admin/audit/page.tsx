import type { Metadata } from 'next';
import Link from 'next/link';
import { AuditChange } from '@/components/admin/audit-change';
import { AdminLoadFailed, AdminPager, formatDateTime, pageParam, param } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { auditSchema } from '@/lib/admin/admin-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';

export const metadata: Metadata = { title: 'Audit log' };

type Params = Promise<Record<string, string | string[] | undefined>>;

/** The filter's choices: the prefix of the actions each covers (order.status, user.disable, …). */
const AREAS = [
  ['order.', 'Orders'],
  ['user.', 'Users'],
  ['product.', 'Products'],
  ['import.', 'Imports'],
  ['outbox.', 'Orders out'],
  ['operator.', 'Operators'],
] as const;

/** Every operator change, newest first: who, what, when, and what changed on the subject (before → after). */
export default async function AdminAuditPage({ searchParams }: { searchParams: Params }) {
  await requireOperator(SERVICE_ROLES);
  const params = await searchParams;
  const filters = { action: param(params.action), from: param(params.from), to: param(params.to) };
  const page = pageParam(params.page);
  const result = await adminCall(auditSchema, '/audit', { query: { ...filters, page } });
  return (
    <div className="admin-page">
      <h1>Audit log</h1>
      <form className="admin-filters" method="get" role="search" aria-label="Filter the audit log">
        <label>
          Action
          <select name="action" defaultValue={filters.action ?? ''}>
            <option value="">All</option>
            {AREAS.map(([prefix, name]) => (
              <option key={prefix} value={prefix}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <button type="submit" className="button button-primary">
          Filter
        </button>
        <Link href="/admin/audit/">Clear</Link>
      </form>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : result.data.entries.length === 0 ? (
        <p>Nothing recorded yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="audit-log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Subject</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {result.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="When">{formatDateTime(entry.at)}</td>
                  <td data-label="Who">{entry.operator}</td>
                  <td data-label="What">{entry.action}</td>
                  <td data-label="Subject">{entry.subject}</td>
                  <td data-label="Change">
                    <AuditChange before={entry.before} after={entry.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.ok ? <AdminPager basePath="/admin/audit/" params={filters} page={page} hasMore={result.data.hasMore} /> : null}
    </div>
  );
}
