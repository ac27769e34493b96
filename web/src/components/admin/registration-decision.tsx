'use client';

import Link from 'next/link';
import { approveRegistration, declineRegistration, type DecisionState } from '@/app/admin/registrations/actions';
import { useFormAction } from '@/components/shell/use-server-action';
import styles from './registration-decision.module.css';

export interface ShipToChoice {
  code: string;
  name: string;
  address: string;
}

const NOTHING_YET: DecisionState = {};

/** Approve (ship-tos of the chosen sold-to, roles) or decline with a reason; each says what happened beside it. */
export function RegistrationDecision({
  id,
  email,
  soldTo,
  shipTos,
  typedSoldTo,
  soldToError,
  matches,
}: {
  id: number;
  email: string;
  soldTo?: { code: string; name: string };
  shipTos: ShipToChoice[];
  typedSoldTo?: string;
  soldToError?: string;
  /** Several customers matched what was typed: the operator picks one. */
  matches?: { code: string; name: string; places: string }[];
}) {
  const approve = useFormAction(approveRegistration, NOTHING_YET);
  const decline = useFormAction(declineRegistration, NOTHING_YET);
  const done = approve.state.message ?? decline.state.message;
  if (done) {
    return (
      <p role="status" className="admin-status-ok">
        {done}
      </p>
    );
  }
  const key = `registration-${id}`;
  return (
    <div className={styles.decision}>
      {soldTo ? null : <p>To approve, find their business among the customers and choose which of its ship-tos they order for.</p>}
      {/* A plain GET: the page looks the customer up for this request. */}
      <form className="admin-filters" method="get" aria-label={`Find the customer for ${email}`}>
        <input type="hidden" name="request" value={id} />
        <label>
          Customer: sold-to code, name or postcode
          <input name="soldTo" defaultValue={typedSoldTo} maxLength={100} required aria-describedby={`${key}-soldTo-error`} />
        </label>
        <button type="submit" className="button button-secondary">
          Find customer
        </button>
        <span id={`${key}-soldTo-error`} role="alert" className="admin-status-bad">
          {soldToError ?? ''}
        </span>
      </form>
      {soldToError && typedSoldTo ? (
        <p data-testid={`${key}-no-account`}>
          A business with no account yet cannot be approved here: its sold-to and ship-tos come from the ERP. Have them set
          up there and imported (Imports, customers file), then find it again; the request waits here meanwhile. Or
          decline, saying why.
        </p>
      ) : null}
      {matches && matches.length > 0 ? (
        <div>
          <p>{matches.length} customers match “{typedSoldTo}”: choose one.</p>
          <ul className={styles.matches}>
            {matches.map((match) => (
              <li key={match.code}>
                <Link href={`/admin/registrations/?request=${id}&soldTo=${encodeURIComponent(match.code)}`}>
                  {match.name} ({match.code})
                </Link>
                {match.places ? <span className={styles.places}> {match.places}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {soldTo ? (
        <form action={approve.action} onSubmit={approve.submit} aria-label={`Approve ${email}`}>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="soldTo" value={soldTo.code} />
          <fieldset className={styles.group} aria-describedby={`${key}-shipTos-error`}>
            <legend>
              Ship-tos of {soldTo.name} ({soldTo.code})
            </legend>
            {shipTos.map((shipTo) => (
              <label key={shipTo.code} className={styles.choice}>
                <input type="checkbox" name="shipTos" value={shipTo.code} /> {shipTo.name} ({shipTo.code}), {shipTo.address}
              </label>
            ))}
            <p id={`${key}-shipTos-error`} role="alert" className="admin-status-bad">
              {approve.state.error ?? ''}
            </p>
          </fieldset>
          <fieldset className={styles.group}>
            <legend>Roles beside buyer (optional)</legend>
            <label className={styles.choice}>
              <input type="checkbox" name="roles" value="approver" /> Approver
            </label>
            <label className={styles.choice}>
              <input type="checkbox" name="roles" value="admin" /> Admin
            </label>
          </fieldset>
          <button type="submit" className="button button-primary" disabled={approve.pending} aria-disabled={approve.pending}>
            {approve.pending ? 'Approving…' : 'Approve and invite'}
          </button>
        </form>
      ) : null}
      <form className={styles.decline} action={decline.action} onSubmit={decline.submit} aria-label={`Decline ${email}`}>
        <input type="hidden" name="id" value={id} />
        <label htmlFor={`${key}-reason`}>Reason (e-mailed to them)</label>
        <textarea
          id={`${key}-reason`}
          name="reason"
          className="input"
          rows={3}
          maxLength={1000}
          defaultValue={decline.state.reason}
          aria-describedby={`${key}-reason-error`}
          aria-invalid={decline.state.field === 'reason' ? true : undefined}
        />
        <p id={`${key}-reason-error`} role="alert" className="admin-status-bad">
          {decline.state.error ?? ''}
        </p>
        <button type="submit" className="button button-secondary" disabled={decline.pending} aria-disabled={decline.pending}>
          {decline.pending ? 'Declining…' : 'Decline'}
        </button>
      </form>
    </div>
  );
}
