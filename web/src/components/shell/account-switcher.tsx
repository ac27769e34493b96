'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Modal } from './modal';
import { accountLabel, distinctName, rangeLabel, switchNoun, type SwitcherAccount } from './switcher-model';

/** The form (and its dropdown library) loads only when the customer opens the switcher. */
const AccountSwitcherForm = dynamic(() => import('./account-switcher-form').then((module) => module.AccountSwitcherForm), {
  ssr: false,
  loading: () => <p role="status">Loading…</p>,
});

interface Props {
  accounts: SwitcherAccount[];
  active: { shipTo: string; salesOrg: string };
  cartUnits: number;
}

/** The header's account switcher: shows the active account and range, opens the switch form in a modal. */
export function AccountSwitcher({ accounts, active, cartUnits }: Props) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // 'Continue to checkout' navigates away: the switcher closes with the page it was opened on.
  useEffect(() => setOpen(false), [pathname]);
  const account = accounts.find((candidate) => candidate.code === active.shipTo);
  const noun = switchNoun(accounts);
  return (
    <>
      <button type="button" className="switcher-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {/* A phone's header has room for the part of the name that tells the accounts apart (globals.css). */}
        <span className="switcher-account switcher-account-full">{account ? accountLabel(account) : active.shipTo}</span>
        <span className="switcher-account switcher-account-short">{account ? distinctName(account, accounts) : active.shipTo}</span>
        <span className="switcher-range">{rangeLabel(active.salesOrg)}</span>
        <span className="visually-hidden">: switch {noun}</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Switch ${noun}`}>
        {open ? <AccountSwitcherForm accounts={accounts} active={active} cartUnits={cartUnits} /> : null}
      </Modal>
    </>
  );
}
