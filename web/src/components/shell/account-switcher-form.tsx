'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Dropdown } from '@/components/forms/dropdown';
import { switchAccount } from './actions';
import { clearClientCaches } from './client-caches';
import { Modal } from './modal';
import { useNetworkFailure } from './use-server-action';
import { accountLabel, initialSelection, isReady, pickAccount, rangeLabel, switchNoun, type SwitcherAccount, type SwitcherSelection } from './switcher-model';

interface Props {
  accounts: SwitcherAccount[];
  active: { shipTo?: string; salesOrg?: string };
  cartUnits: number;
  /** Where to go after the switch (the page that sent the user to /account/select/); home otherwise. */
  next?: string;
}

/** docs/storefront-requirements.md §4 account switcher, also the form of /account/select/. */
export function AccountSwitcherForm({ accounts, active, cartUnits, next }: Props) {
  const router = useRouter();
  const [selection, setSelection] = useState<SwitcherSelection>(() => initialSelection(accounts, active));
  const [asking, setAsking] = useState<'range' | 'confirm' | null>(null);
  const [problem, setProblem] = useState<string>();
  const [pending, startTransition] = useTransition();
  const { callAction } = useNetworkFailure();
  const noun = switchNoun(accounts);
  const account = accounts[selection.shipTo];
  const ranges = account?.salesOrgs ?? [];

  const reset = () => {
    setSelection(initialSelection(accounts, active));
    setAsking(null);
  };

  const proceed = (selected: SwitcherSelection) => {
    startTransition(async () => {
      clearClientCaches();
      const result = await callAction(() => switchAccount(selected, next));
      // A switch that went through navigates away; no answer means the connection failed (toast shown): the
      // choice goes back to the active account so that choosing again tries again.
      if (!result) reset();
      else if (!result.ok) setProblem(result.message);
    });
  };

  const choose = (wanted: SwitcherSelection) => {
    setSelection(wanted);
    if (wanted.shipTo >= 0 && wanted.salesOrg < 0 && (accounts[wanted.shipTo]?.salesOrgs.length ?? 0) > 1) {
      setAsking('range');
      return;
    }
    if (!isReady(accounts, wanted, active)) {
      setAsking(null);
      return;
    }
    if (cartUnits > 0) setAsking('confirm');
    else proceed(wanted);
  };

  return (
    <div className="switcher" aria-busy={pending}>
      {accounts.length > 1 ? (
        <Dropdown
          name="shipTo"
          label="Account"
          data={accounts.map((item, index) => ({ id: String(index), name: accountLabel(item) }))}
          value={selection.shipTo >= 0 ? String(selection.shipTo) : ''}
          onChange={(value) => choose(pickAccount(accounts, value === '' ? -1 : Number(value)))}
          placeholder="Choose an account"
          search={accounts.length > 5}
          disabled={pending}
          error={selection.shipTo < 0 ? 'Please choose an account' : undefined}
        />
      ) : null}
      {ranges.length > 1 ? (
        <Dropdown
          name="salesOrg"
          label={accounts.length > 1 ? 'Range' : 'Account type'}
          data={ranges.map((org, index) => ({ id: String(index), name: rangeLabel(org.code) }))}
          value={selection.salesOrg >= 0 ? String(selection.salesOrg) : ''}
          onChange={(value) => choose({ shipTo: selection.shipTo, salesOrg: value === '' ? -1 : Number(value) })}
          placeholder="Choose a range"
          disabled={pending}
          error={selection.salesOrg < 0 ? 'Please choose a range' : undefined}
        />
      ) : null}
      {pending ? <p className="switcher-status" role="status">Switching…</p> : null}
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}

      <Modal open={asking === 'range'} onClose={reset} title="Which range do you want to order first?">
        <div className="modal-actions">
          {ranges.map((org, index) => (
            <button key={org.code} type="button" className="button button-primary" onClick={() => choose({ shipTo: selection.shipTo, salesOrg: index })}>
              Order {rangeLabel(org.code)}
            </button>
          ))}
        </div>
      </Modal>

      <Modal open={asking === 'confirm'} onClose={reset} title={`Do you want to checkout before switching ${noun}?`}>
        <p>
          The items in your cart will be temporarily removed while you switch {noun}, and restored when you return to this{' '}
          {noun === 'accounts' ? 'account' : 'account type'}.
        </p>
        <div className="modal-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              reset();
              router.push('/cart/');
            }}
          >
            Continue to checkout
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={pending}
            onClick={() => {
              setAsking(null);
              proceed(selection);
            }}
          >
            Switch account
          </button>
        </div>
      </Modal>
    </div>
  );
}
