'use client';

import type { AdminActionState } from '@/components/admin/admin-action-form';
import { useFormAction } from '@/components/shell/use-server-action';
import type { SoldToChoice } from '@/lib/admin/operator-schemas';
import { assignSoldTosAction, findSoldTosAction, type FindSoldTosState } from './actions';

const NOTHING_FOUND_YET: FindSoldTosState = {};
const NOTHING_DONE_YET: AdminActionState = {};

/**
 * A sales rep's customers (docs/back-office.md "Sales reps"): each with Remove, and "Assign customers" to find
 * more by name or code and assign them one at a time. Plain forms and buttons, so it works by keyboard and
 * before scripts load; what was done, or why not, is said under the list.
 */
export function AssignCustomers({ operatorId, operatorName, assigned }: { operatorId: number; operatorName: string; assigned: SoldToChoice[] }) {
  const search = useFormAction(findSoldTosAction, NOTHING_FOUND_YET);
  const change = useFormAction(assignSoldTosAction, NOTHING_DONE_YET);
  const codes = assigned.map((soldTo) => soldTo.code);
  const searchId = `assign-search-${operatorId}`;

  const changeButton = (soldTo: SoldToChoice, what: 'assign' | 'remove') => {
    const next = what === 'assign' ? [...codes, soldTo.code] : codes.filter((code) => code !== soldTo.code);
    const label = what === 'assign' ? 'Assign' : 'Remove';
    return (
      <form action={change.action} onSubmit={change.submit} className="admin-inline-form">
        <input type="hidden" name="id" value={operatorId} />
        <input type="hidden" name="change" value={what} />
        <input type="hidden" name="name" value={soldTo.name} />
        {next.map((code) => (
          <input key={code} type="hidden" name="soldTo" value={code} />
        ))}
        <button
          type="submit"
          className="button button-secondary admin-small-button"
          disabled={change.pending}
          aria-label={what === 'assign' ? `Assign ${soldTo.name} to ${operatorName}` : `Remove ${soldTo.name} from ${operatorName}`}
        >
          {change.pending ? 'Saving…' : label}
        </button>
      </form>
    );
  };

  return (
    <div className="admin-assign" data-testid={`assigned-${operatorId}`}>
      {assigned.length === 0 ? (
        <p className="admin-muted">No customers assigned yet: they see no customer until one is.</p>
      ) : (
        <ul className="admin-assign-list" aria-label={`Customers of ${operatorName}`}>
          {assigned.map((soldTo) => (
            <li key={soldTo.code}>
              <span>
                {soldTo.name} <small>{soldTo.code}</small>
              </span>
              {changeButton(soldTo, 'remove')}
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="admin-status-ok">
        {change.state.message}
      </p>
      <p role="alert" className="admin-status-bad">
        {change.state.error}
      </p>
      <details className="admin-assign-more">
        <summary>Assign customers</summary>
        <form action={search.action} onSubmit={search.submit} noValidate className="admin-assign-search" role="search" aria-label={`Find customers for ${operatorName}`}>
          <label htmlFor={searchId}>Find a customer</label>
          <p id={`${searchId}-help`} className="admin-muted">
            By code or part of its name
          </p>
          <input id={searchId} name="q" className="input" maxLength={100} autoComplete="off" defaultValue={search.state.q} aria-describedby={`${searchId}-help ${searchId}-error`} />
          <button type="submit" className="button button-primary admin-small-button" disabled={search.pending}>
            {search.pending ? 'Finding…' : 'Find'}
          </button>
          <p id={`${searchId}-error`} role="alert" className="admin-status-bad">
            {search.state.error}
          </p>
        </form>
        {search.state.found ? (
          search.state.found.length === 0 ? (
            <p role="status">No customers match “{search.state.q}”.</p>
          ) : (
            <ul className="admin-assign-list" aria-label={`Customers matching ${search.state.q ?? ''}`}>
              {search.state.found.map((soldTo) => (
                <li key={soldTo.code}>
                  <span>
                    {soldTo.name} <small>{soldTo.code}</small>
                  </span>
                  {codes.includes(soldTo.code) ? <span className="admin-muted">Assigned</span> : changeButton(soldTo, 'assign')}
                </li>
              ))}
            </ul>
          )
        ) : null}
        {search.state.more ? <p className="admin-muted">More customers match: type more of the name to narrow the list.</p> : null}
      </details>
    </div>
  );
}
