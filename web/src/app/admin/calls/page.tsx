import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminLoadFailed } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { calledText, callListSchema, londonTime, type CallEntry } from '@/lib/admin/calls';
import { requireOperator } from '@/lib/admin/admin-session';
import { formatPence } from '@/lib/commerce/approvals';
import { formatCalendarDate, formatShortDate } from '@/lib/commerce/dates';
import { OutcomeForm } from './outcome-form';

export const metadata: Metadata = { title: 'Calls' };

function LastCall({ entry }: { entry: CallEntry }) {
  const latest = entry.latestOutcome;
  if (!latest) return <span className="admin-muted">Not called yet</span>;
  return (
    <span className={entry.state === 'done' ? 'admin-call-done' : undefined}>
      {entry.state === 'done' ? <strong>Done. </strong> : null}
      {entry.state === 'toCall' ? <strong>Call back now. </strong> : null}
      {calledText(latest)}
      {latest.note ? <span className="admin-call-note">“{latest.note}”</span> : null}
    </span>
  );
}

/**
 * The call list (docs/calls.md): the operator's sites due to order today that have not, soonest cut-off first,
 * each with its phone number, last order, usual value, the last call's outcome, "Act for" and the outcome form.
 */
export default async function AdminCallsPage() {
  await requireOperator();
  const result = await adminCall(callListSchema, '/calls');
  return (
    <div className="admin-page">
      <h1>Calls</h1>
      <p>Sites due to order today that usually do and have not yet, soonest cut-off first. Record what came of each call: the next person sees it.</p>
      {!result.ok ? <AdminLoadFailed error={result.error} /> : null}
      {result.ok && result.data.entries.length === 0 ? (
        <p className="admin-empty" role="status">
          No calls due: every site due to order today has ordered, or today&apos;s cut-offs have passed.
        </p>
      ) : null}
      {result.ok && result.data.entries.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-calls">
            <caption className="visually-hidden">Sites to call, soonest cut-off first</caption>
            <thead>
              <tr>
                <th scope="col">Site</th>
                <th scope="col">Phone</th>
                <th scope="col">Delivery</th>
                <th scope="col">Cut-off</th>
                <th scope="col">Last order</th>
                <th scope="col">Usual value</th>
                <th scope="col">Last call</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {result.data.entries.map((entry) => (
                <tr key={`${entry.shipTo.code}-${entry.range.code}-${entry.deliveryDate}`} data-testid={`call-${entry.shipTo.code}-${entry.range.code}`} className={entry.state === 'done' ? 'admin-call-row-done' : undefined}>
                  <th scope="row" data-label="Site">
                    <span>
                      {entry.shipTo.name}
                      <span className="admin-muted admin-call-sub">
                        {entry.soldTo.name} · {entry.shipTo.code}
                      </span>
                      <Link prefetch={false} className="button button-secondary admin-small-button" href={`/admin/act/?shipTo=${encodeURIComponent(entry.shipTo.code)}&from=calls`} aria-label={`Act for ${entry.shipTo.name}`}>
                        Act for
                      </Link>
                    </span>
                  </th>
                  <td data-label="Phone">{entry.shipTo.phone ? <a href={`tel:${entry.shipTo.phone.replace(/[^+\d]/g, '')}`}>{entry.shipTo.phone}</a> : <span className="admin-muted">No number</span>}</td>
                  <td data-label="Delivery">
                    {entry.range.name}, {formatCalendarDate(entry.deliveryDate)}
                    {entry.movedFrom ? <span className="admin-muted"> (moved from {formatCalendarDate(entry.movedFrom)}, a bank holiday)</span> : null}
                  </td>
                  <td data-label="Cut-off">Cut-off {londonTime(entry.cutoff)}</td>
                  <td data-label="Last order">
                    {entry.lastOrder ? (
                      <span>
                        {formatPence(entry.lastOrder.netPence)}
                        <span className="admin-muted admin-call-sub">
                          placed {formatShortDate(entry.lastOrder.placedAt)}, for {formatShortDate(`${entry.lastOrder.deliveryDate}T12:00:00Z`)}
                        </span>
                      </span>
                    ) : (
                      <span className="admin-muted">None</span>
                    )}
                  </td>
                  <td data-label="Usual value">{entry.usualValuePence === null ? '–' : formatPence(entry.usualValuePence)}</td>
                  <td data-label="Last call">
                    <LastCall entry={entry} />
                  </td>
                  <td data-label="Outcome">
                    <OutcomeForm shipTo={entry.shipTo.code} shipToName={entry.shipTo.name} range={entry.range.code} deliveryDate={entry.deliveryDate} cutoff={entry.cutoff} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
