import type { Metadata } from 'next';
import { AdminLoadFailed, AdminPager, formatDateTime, pageParam } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { importKindsSchema, importRunsSchema } from '@/lib/admin/admin-schemas';
import { canEditCatalogue, SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { requireOperator } from '@/lib/admin/admin-session';
import { ImportUploader } from './import-uploader';

export const metadata: Metadata = { title: 'Imports' };

type Params = Promise<Record<string, string | string[] | undefined>>;

/** Upload a file, read the dry run's report, apply it; the history of runs; the columns and a template per kind. */
export default async function AdminImportsPage({ searchParams }: { searchParams: Params }) {
  const operator = await requireOperator(SERVICE_ROLES);
  const page = pageParam((await searchParams).page);
  const [kinds, history] = await Promise.all([adminCall(importKindsSchema, '/imports/kinds'), adminCall(importRunsSchema, '/imports', { query: { page } })]);
  const allowed = kinds.ok ? kinds.data.kinds.filter((kind) => !kind.changesCatalogue || canEditCatalogue(operator.role)) : [];
  return (
    <div className="admin-page">
      <h1>Imports</h1>
      <p>Check a file first: the check writes nothing and lists every refused row. A file is imported whole or not at all, and importing it again changes nothing.</p>
      {kinds.ok ? <ImportUploader kinds={allowed.map((kind) => kind.kind)} /> : <AdminLoadFailed error={kinds.error} />}
      <h2>Columns and templates</h2>
      {kinds.ok
        ? kinds.data.kinds.map((kind) => (
            <details key={kind.kind} className="admin-section">
              <summary>
                {kind.kind} {kind.changesCatalogue ? '(administrators)' : '(administrators and customer service)'}
              </summary>
              <p>
                <a href={`/admin/imports/template/${kind.kind}/`} download>
                  Download the {kind.kind} template (CSV)
                </a>
              </p>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Column</th>
                      <th scope="col">Required</th>
                      <th scope="col">What goes in it</th>
                    </tr>
                  </thead>
                  <tbody>
                    {kind.columns.map((column) => (
                      <tr key={column.name}>
                        <td data-label="Column">
                          <code>{column.name}</code>
                        </td>
                        <td data-label="Required">{column.required ? 'Yes' : 'No'}</td>
                        <td data-label="What">{column.help}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          ))
        : null}
      <h2>History</h2>
      {!history.ok ? (
        <AdminLoadFailed error={history.error} />
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="import-history">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Kind</th>
                <th scope="col">File</th>
                <th scope="col">Outcome</th>
                <th scope="col" className="num">
                  Rows
                </th>
                <th scope="col" className="num">
                  Refused
                </th>
                <th scope="col" className="num">
                  New / changed / unchanged
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.runs.map((run) => (
                <tr key={run.id}>
                  <td data-label="When">{formatDateTime(run.startedAt)}</td>
                  <td data-label="Who">{run.operator}</td>
                  <td data-label="Kind">{run.kind}</td>
                  <td data-label="File">{run.fileName}</td>
                  <td data-label="Outcome">{run.outcome === 'checked' ? 'checked (dry run)' : run.outcome}</td>
                  <td data-label="Rows" className="num">
                    {run.rows}
                  </td>
                  <td data-label="Refused" className="num">
                    {run.refused}
                  </td>
                  <td data-label="Written" className="num">
                    {run.inserted} / {run.updated} / {run.unchanged}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.ok ? <AdminPager basePath="/admin/imports/" params={{}} page={page} hasMore={history.data.hasMore} /> : null}
    </div>
  );
}
