import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AccountSwitcherForm } from '@/components/shell/account-switcher-form';
import { SignOutButton } from '@/components/shell/sign-out-button';
import { showSwitcher, switchNoun } from '@/components/shell/switcher-model';
import { getCartSummary } from '@/lib/commerce/cart-summary';
import { requireUser } from '@/lib/session/session';

export const metadata: Metadata = { title: 'Choose your account' };

/** docs/storefront-requirements.md §2: where a signed-in user without an active ship-to or range is sent; the switcher's own form. */
export default async function SelectAccountPage() {
  const session = await requireUser();
  const accounts = session.user.shipTos;
  const { activeShipTo, activeSoldTo, activeSalesOrg } = session;
  const ready = activeShipTo && activeSoldTo && activeSalesOrg ? { shipTo: activeShipTo, soldTo: activeSoldTo, salesOrg: activeSalesOrg } : undefined;
  // Nothing to choose (one account, one range): the account was set up at sign-in.
  if (ready && !showSwitcher(accounts)) redirect('/');
  const units = ready ? (await getCartSummary({ username: session.user.username, ...ready })).totalUnitCount : 0;
  return (
    <div className="card card-wide">
      <h1>Choose your account</h1>
      {accounts.length === 0 ? (
        <p>Your user has no accounts to order for yet. Please contact customer service.</p>
      ) : (
        <>
          <p>
            Hello {session.user.name}. You can order for several {switchNoun(accounts)}: choose the one you want to order for now. You can switch at any
            time from the top of the page.
          </p>
          <AccountSwitcherForm
            accounts={accounts}
            active={{ shipTo: session.activeShipTo, salesOrg: session.activeSalesOrg }}
            cartUnits={units}
          />
        </>
      )}
      <div className="modal-actions">
        <SignOutButton className="button button-secondary" />
      </div>
    </div>
  );
}
