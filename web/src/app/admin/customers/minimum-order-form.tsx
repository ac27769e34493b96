'use client';

import { useFormAction } from '@/components/shell/use-server-action';
import type { MinimumOrderTerms } from '@/lib/admin/admin-schemas';
import { setMinimumOrder, type MinimumOrderState } from './actions';

const NOTHING_YET: MinimumOrderState = {};

/** Pence as the form shows pounds ("150.00"): display only, the API keeps pence. */
const pounds = (pence: number | null | undefined) => (pence == null ? '' : (pence / 100).toFixed(2));

/**
 * A ship-to's minimum order for one range (docs/minimum-order.md): the minimum net value, and below it a delivery
 * charge or a refusal at checkout; "No minimum" removes it. A plain form (it works before scripts load); a
 * refusal keeps what was typed.
 */
export function MinimumOrderForm({ shipTo, shipToName, range, minimumOrder }: { shipTo: string; shipToName: string; range: string; minimumOrder: MinimumOrderTerms | null | undefined }) {
  const { state, action, pending, submit } = useFormAction(setMinimumOrder, NOTHING_YET);
  const id = `minimum-${shipTo}-${range}`;
  const shown = state.typed ?? { minimum: pounds(minimumOrder?.minimumOrderPence), below: minimumOrder?.belowMinimum ?? 'none', charge: pounds(minimumOrder?.deliveryChargePence) };
  return (
    <form action={action} onSubmit={submit} noValidate className="admin-minimum-form" data-testid={id} aria-label={`Minimum order for ${shipToName}, ${range}`}>
      <input type="hidden" name="shipTo" value={shipTo} />
      <input type="hidden" name="range" value={range} />
      <strong>{range}</strong>
      <label htmlFor={`${id}-minimum`}>Minimum (£)</label>
      <input id={`${id}-minimum`} name="minimum" className="input admin-pounds-input" inputMode="decimal" maxLength={12} autoComplete="off" defaultValue={shown.minimum} key={`m-${state.message ?? 'typed'}`} aria-invalid={state.error?.startsWith('Minimum') ? true : undefined} aria-describedby={`${id}-error`} />
      <label htmlFor={`${id}-below`}>Below it</label>
      <select id={`${id}-below`} name="below" className="input" defaultValue={shown.below} key={`b-${state.message ?? 'typed'}`}>
        <option value="none">No minimum</option>
        <option value="charge">Delivery charge</option>
        <option value="refuse">Refuse the order</option>
      </select>
      <label htmlFor={`${id}-charge`}>Charge (£)</label>
      <input id={`${id}-charge`} name="charge" className="input admin-pounds-input" inputMode="decimal" maxLength={12} autoComplete="off" defaultValue={shown.charge} key={`c-${state.message ?? 'typed'}`} aria-invalid={state.error?.startsWith('Delivery') ? true : undefined} aria-describedby={`${id}-error`} />
      <button type="submit" className="button button-secondary admin-small-button" disabled={pending} aria-label={`Save the ${range} minimum order for ${shipToName}`}>
        {pending ? 'Saving…' : 'Save'}
      </button>
      <p role="status" className="admin-status-ok">
        {state.message}
      </p>
      <p id={`${id}-error`} role="alert" className="admin-status-bad">
        {state.error}
      </p>
    </form>
  );
}
