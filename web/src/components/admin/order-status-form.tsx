'use client';

import { useActionState, useState } from 'react';
import { updateOrderStatus, type StatusFormState } from '@/app/admin/orders/[code]/status-actions';
import { statusLabel } from '@/components/orders/order-status';
import type { OrderStatusView } from '@/lib/admin/orders-out-schemas';

/**
 * The status report form of the back office's order page: only the moves open from the current status are
 * offered; delivered quantities are asked for when the new status knows them (picking, dispatched,
 * delivered), prefilled with what was ordered or last reported, so only shortages need typing.
 */
export function OrderStatusForm({ view }: { view: OrderStatusView }) {
  const [state, run, pending] = useActionState<StatusFormState, FormData>(updateOrderStatus, {});
  const [chosen, setChosen] = useState(view.next[0] ?? '');
  // After an update the page comes back with new moves; a choice that is no longer open falls back to the first.
  const status = view.next.includes(chosen) ? chosen : (view.next[0] ?? '');
  if (view.next.length === 0) {
    return (
      <>
        <p>This order is {statusLabel(view.status).toLowerCase()}: its status cannot change any more.</p>
        {state.message ? (
          <p role="status" className="admin-status-ok">
            {state.message}
          </p>
        ) : null}
      </>
    );
  }
  const withQuantities = view.quantityStatuses.includes(status);
  return (
    <form action={run} className="admin-status-form" aria-describedby={state.error ? 'status-form-error' : undefined}>
      <input type="hidden" name="code" value={view.code} />
      <input type="hidden" name="withQuantities" value={withQuantities ? 'yes' : 'no'} />
      <div className="field">
        <label className="field-label" htmlFor="status-select">
          New status
        </label>
        <select id="status-select" name="status" className="input" value={status} onChange={(event) => setChosen(event.target.value)}>
          {view.next.map((next) => (
            <option key={next} value={next}>
              {statusLabel(next)}
            </option>
          ))}
        </select>
      </div>
      {withQuantities ? (
        <fieldset className="admin-delivered">
          <legend>Delivered quantities (cases)</legend>
          {view.lines.map((line) =>
            // A substituted line is reported by the ERP, substitute and all: sending it a delivered quantity would
            // say the ordered product went after all (docs/substitutions.md), so the form leaves it as it is.
            line.substitution ? (
              <p className="admin-delivered-line" key={line.entryNumber}>
                {line.name}{' '}
                <span className="admin-muted">
                  ({line.packSize}, ordered {line.quantity}): sent {line.substitution.quantity} × {line.substitution.name} ({line.substitution.packSize},{' '}
                  {line.substitution.productCode}) instead
                </span>
              </p>
            ) : (
              <div className="admin-delivered-line" key={line.entryNumber}>
                <label htmlFor={`delivered-${line.entryNumber}`}>
                  {line.name} <span className="admin-muted">({line.packSize}, ordered {line.quantity})</span>
                </label>
                <input
                  id={`delivered-${line.entryNumber}`}
                  name={`delivered-${line.entryNumber}`}
                  className="input admin-quantity"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.quantity}
                  step={1}
                  required
                  defaultValue={line.deliveredQuantity ?? line.quantity}
                />
              </div>
            ),
          )}
        </fieldset>
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor="status-note">
          Note for the customer (optional)
        </label>
        <textarea id="status-note" name="note" className="input" rows={3} maxLength={1000} />
      </div>
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Updating…' : 'Update status'}
      </button>
      {state.message ? (
        <p role="status" className="admin-status-ok">
          {state.message}
        </p>
      ) : null}
      {state.error ? (
        <p role="alert" id="status-form-error" className="admin-status-bad">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
