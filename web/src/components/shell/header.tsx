import Link from 'next/link';
import { CategoryBar, CategoryMenuList } from '@/components/catalogue/category-bar';
import { nextDeliveryDates } from '@/components/weekly/next-delivery';
import { CutoffCountdown } from '@/components/weekly/cutoff-countdown';
import { SearchBox } from '@/components/catalogue/search-box';
import { getCartSummary } from '@/lib/commerce/cart-summary';
import { rangeName } from '@/lib/site-config';
import { approvalSummary } from '@/lib/commerce/approval-calls';
import { companyMenuLinks, decidesApprovals, type Session } from '@/lib/session/session-data';
import { AccountSwitcher } from './account-switcher';
import { CartLink } from './cart-link';
import { CheckoutButton } from './checkout-button';
import { Disclosure } from './disclosure';
import { HelpButton } from './help-button';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import type { ShellMode } from './shell-mode';
import { SignOutButton } from './sign-out-button';
import { showSwitcher, type SwitcherAccount } from './switcher-model';

type ReadySession = Required<Pick<Session, 'user' | 'activeShipTo' | 'activeSoldTo' | 'activeSalesOrg'>>;

function readyOf(session: Session): ReadySession | undefined {
  const { user, activeShipTo, activeSoldTo, activeSalesOrg } = session;
  return user && activeShipTo && activeSoldTo && activeSalesOrg ? { user, activeShipTo, activeSoldTo, activeSalesOrg } : undefined;
}

async function cartUnits(ready: ReadySession): Promise<number> {
  const summary = await getCartSummary({
    username: ready.user.username,
    shipTo: ready.activeShipTo,
    soldTo: ready.activeSoldTo,
    salesOrg: ready.activeSalesOrg,
  });
  return summary.totalUnitCount;
}

/** How many orders wait for the user's decision (the menu's "Approvals (1)"); asked only of those who decide. */
async function approvalsWaiting(ready: ReadySession): Promise<number> {
  if (!decidesApprovals(ready.user)) return 0;
  const summary = await approvalSummary();
  return summary.ok ? summary.data.waiting : 0;
}

function SignedOutNav() {
  return (
    <nav aria-label="Main" className="header-nav">
      <ul>
        <li>
          <Link href="/about/" className="nav-link" prefetch={false}>
            About us
          </Link>
        </li>
        <li>
          <HelpButton />
        </li>
      </ul>
    </nav>
  );
}

/** docs/storefront-requirements.md §2 header in its three modes; the signed-in variant needs an account chosen for the cart and search. */
export async function Header({ session, mode }: { session: Session; mode: ShellMode }) {
  const ready = mode === 'full' ? readyOf(session) : undefined;
  if (mode === 'logo-only') {
    return (
      <header className="site-header">
        <div className="header-inner">
          <Logo />
        </div>
      </header>
    );
  }
  if (!ready && session.user && mode === 'full') {
    return (
      <header className="site-header">
        <div className="header-inner">
          <Logo />
          <nav aria-label="Main" className="header-nav header-nav-always">
            <ul>
              <li>
                <Link href="/account/select/" className="nav-link" prefetch={false}>
                  Choose account
                </Link>
              </li>
              {session.assisted ? null : (
                <li>
                  <SignOutButton />
                </li>
              )}
            </ul>
          </nav>
        </div>
      </header>
    );
  }
  if (!ready) {
    return (
      <header className="site-header">
        <div className="header-inner">
          <Logo />
          <SignedOutNav />
          {mode === 'full' ? <MobileMenu signedIn={false} /> : null}
        </div>
      </header>
    );
  }
  const scope = { username: ready.user.username, shipTo: ready.activeShipTo, soldTo: ready.activeSoldTo, salesOrg: ready.activeSalesOrg };
  // An operator acting for a customer has no approvals to decide, nor a sign-out: End on the acting band ends it.
  const acting = Boolean(session.assisted);
  const [units, deliveryDates, waiting] = await Promise.all([cartUnits(ready), nextDeliveryDates(scope), acting ? 0 : approvalsWaiting(ready)]);
  const companyLinks = companyMenuLinks(ready.user, waiting, acting);
  const accounts: SwitcherAccount[] = ready.user.shipTos;
  const switcher = showSwitcher(accounts) ? (
    <AccountSwitcher key={`${ready.activeShipTo}:${ready.activeSalesOrg}`} accounts={accounts} active={{ shipTo: ready.activeShipTo, salesOrg: ready.activeSalesOrg }} cartUnits={units} />
  ) : null;
  return (
    <header className="site-header signed-in">
      <div className="header-inner">
        <Logo />
        <nav aria-label="Main" className="header-nav">
          <ul>
            <li className="header-nav-roomy">
              <Link href="/offers/" className="nav-link" prefetch={false}>
                Offers
              </Link>
            </li>
            <li>
              <Link href="/cart/quick-order/" className="nav-link" prefetch={false}>
                Quick order
              </Link>
            </li>
            <li>
              <Link href="/account/orders/" className="nav-link" prefetch={false}>
                Order history
              </Link>
            </li>
            <li>
              <Disclosure label="My account" variant="menu" className="account-menu">
                <ul className="menu-list">
                  <li>
                    <Link href="/account/usual/" prefetch={false}>
                      Usual items
                    </Link>
                  </li>
                  <li>
                    <Link href="/account/carts/" prefetch={false}>
                      Saved carts
                    </Link>
                  </li>
                  <li>
                    <Link href="/account/standing-orders/" prefetch={false}>
                      Standing orders
                    </Link>
                  </li>
                  {companyLinks.map((link) => (
                    <li key={link.href}>
                      <Link href={link.href} prefetch={false}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <Link href="/account/" prefetch={false}>
                      User details
                    </Link>
                  </li>
                </ul>
              </Disclosure>
            </li>
            {acting ? null : (
              <li>
                <SignOutButton />
              </li>
            )}
          </ul>
        </nav>
        <div className="header-cart">
          <CartLink units={units} />
          <CheckoutButton units={units} />
        </div>
        <MobileMenu
          signedIn
          companyLinks={companyLinks}
          shop={{ title: `Shop ${rangeName(ready.activeSalesOrg)}`, list: <CategoryMenuList /> }}
          switcher={switcher}
          signOut={acting ? undefined : <SignOutButton className="mobile-nav-button" />}
        />
      </div>
      {/* The search box has a row of its own with the cut-off and the account, so it is never squeezed by the navigation. */}
      <div className="header-sub">
        <div className="header-sub-inner">
          <div className="header-search">
            <SearchBox />
          </div>
          <div className="header-countdown">{deliveryDates ? <CutoffCountdown dates={deliveryDates} variant="header" /> : null}</div>
          {switcher ? <span className="switcher-label">Ordering for</span> : null}
          {switcher}
        </div>
      </div>
      <CategoryBar />
    </header>
  );
}
