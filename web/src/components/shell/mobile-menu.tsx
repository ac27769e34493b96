'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { Disclosure } from './disclosure';
import { HelpButton } from './help-button';
import { Modal } from './modal';
import type { MenuLink } from '@/lib/session/session-data';

/** docs/storefront-requirements.md §4: the mobile menu's close animation. */
export const MOBILE_MENU_CLOSE_MS = 300;

interface MobileMenuProps {
  signedIn: boolean;
  /** The company pages the user's roles open (session-data.ts companyMenuLinks). */
  companyLinks?: MenuLink[];
  /** 'Shop {range}' heading and its category list (server-rendered), for a set-up user. */
  shop?: { title: string; list: ReactNode };
  switcher?: ReactNode;
  signOut?: ReactNode;
}

/** docs/storefront-requirements.md §2 mobile menu: a slide-in modal; signed out About us and Help, signed in the shop and account links. */
export function MobileMenu({ signedIn, companyLinks = [], shop, switcher, signOut }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className="mobile-menu">
      <button type="button" className="menu-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span>Menu</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Menu" variant="drawer" closeDelayMs={MOBILE_MENU_CLOSE_MS}>
        <nav aria-label="Mobile" className="mobile-nav">
          {signedIn ? (
            <ul>
              {switcher ? <li className="mobile-switcher">{switcher}</li> : null}
              {shop ? (
                <li>
                  <Disclosure label={shop.title} variant="section">
                    {shop.list}
                  </Disclosure>
                </li>
              ) : null}
              <li>
                <Link href="/offers/" prefetch={false}>
                  Offers
                </Link>
              </li>
              <li>
                <Link href="/cart/quick-order/" prefetch={false}>
                  Quick order
                </Link>
              </li>
              <li>
                <Link href="/account/orders/" prefetch={false}>
                  Order history
                </Link>
              </li>
              <li>
                <Disclosure label="My account" variant="section">
                  <ul>
                    <li>
                      <Link href="/account/usual/" prefetch={false}>
                        Usual items
                      </Link>
                    </li>
                    <li>
                      <Link href="/account/carts/" prefetch={false}>
                        Saved Carts
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
              {signOut ? <li>{signOut}</li> : null}
            </ul>
          ) : (
            <ul>
              <li>
                <Link href="/about/" prefetch={false}>
                  About us
                </Link>
              </li>
              <li>
                <HelpButton className="mobile-nav-button" />
              </li>
            </ul>
          )}
        </nav>
      </Modal>
    </div>
  );
}
