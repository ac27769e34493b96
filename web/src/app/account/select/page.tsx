import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AccountSwitcherForm } from '@/components/shell/account-switcher-form';
import { RangeChoice } from '@/components/shell/range-choice';
import { SignOutButton } from '@/components/shell/sign-out-button';
import { selectQuestion, showSwitcher, switchNoun } from '@/components/shell/switcher-model';
import { getCartSummary } from '@/lib/commerce/cart-summary';
import { getSession, requireUser } from '@/lib/session/session';

const RANGE_QUESTION = 'Which range do you want to order first?';

export async function generateMetadata(): Promise<Metadata> {
  const { user, activeShipTo } = await getSession();
  return { title: !activeShipTo && user && selectQuestion(user.shipTos) === 'range' ? 'Choose your range' : 'Choose your account' };
}

interface Props {
  searchParams: Promise<{ next?: string | string[] }>;
}

/**
 * docs/storefront-requirements.md §2: where a signed-in user without an active ship-to or range is sent; the
 * switcher's own form. A user with one account is asked only its range. `next` is the page that sent them here
 * (an e-mail's link), where the choice takes them.
 */
export default async function SelectAccountPage({ searchParams }: Props) {
  const session = await requireUser();
  const { next: nextParam } = await searchParams;
  const next = typeof nextParam === 'string' ? nextParam : undefined;
  const accounts = session.user.shipTos;
  const { activeShipTo, activeSoldTo, activeSalesOrg } = session;
  const ready = activeShipTo && activeSoldTo && activeSalesOrg ? { shipTo: activeShipTo, soldTo: activeSoldTo, salesOrg: activeSalesOrg } : undefined;
  // Nothing to choose (one account, one range): the account was set up at sign-in.
  if (ready && !showSwitcher(accounts)) redirect('/');
  const sole = accounts[0];
  if (!ready && sole && selectQuestion(accounts) === 'range') {
    return (
      <div className="card card-wide">
        <h1>{RANGE_QUESTION}</h1>
        <p>
          Hello {session.user.name}. You order for {sole.name} ({sole.code}). You can switch range at any time from the top of the page.
        </p>
        <RangeChoice ranges={sole.salesOrgs} next={next} />
        {/* An operator acting for the customer leaves by End on the acting band, not by signing the customer out. */}
        {session.assisted ? null : (
          <div className="modal-actions">
            <SignOutButton className="button button-secondary" />
          </div>
        )}
      </div>
    );
  }
  const units = ready ? (await getCartSummary({ username: session.user.username, ...ready })).totalUnitCount : 0;
  return (
    <div className="card card-wide">
      <h1>Choose your account</h1>
      {selectQuestion(accounts) === 'none' ? (
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
            next={next}
          />
        </>
      )}
      <div className="modal-actions">
        <SignOutButton className="button button-secondary" />
      </div>
    </div>
  );
}
