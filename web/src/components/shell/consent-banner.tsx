'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { OPEN_CONSENT_EVENT, readConsent, writeConsent, type Consent } from './consent';

/**
 * The consent tool: shown until a choice is made, and again from the footer's 'Cookie settings'. Not a modal:
 * the shop stays usable while it is open. The server reads the choice from the request, so a first visit gets
 * the banner in its HTML: shown only after hydration, it was the page's largest paint, seconds late on a phone.
 * It is a band at the top of the page, in the flow, so it never covers what the page shows (a sign-in card's
 * links, a button at the bottom of a short page).
 */
export function ConsentBanner({ consent }: { consent: Consent | undefined }) {
  const [open, setOpen] = useState(!consent);
  const [analytics, setAnalytics] = useState(consent?.analytics ?? false);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const reopen = () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setAnalytics(readConsent()?.analytics ?? false);
      setOpen(true);
      window.requestAnimationFrame(() => heading.current?.focus());
    };
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);

  if (!open) return null;
  const save = (withAnalytics: boolean) => {
    writeConsent({ necessary: true, analytics: withAnalytics });
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <section className="consent" aria-labelledby="consent-title">
      <div className="consent-inner">
        <h2 id="consent-title" ref={heading} tabIndex={-1}>
          Cookies on this site
        </h2>
        <p>
          We use necessary cookies to keep you signed in and remember your choices. With your permission we would also
          like to use analytics cookies to learn how the site is used. <Link href="/about/cookie-policy/" prefetch={false}>
            Cookie policy
          </Link>
        </p>
        <fieldset className="consent-choices">
          <legend className="visually-hidden">Cookie choices</legend>
          <label>
            <input type="checkbox" checked disabled /> Necessary (always on)
          </label>
          <label>
            <input type="checkbox" checked={analytics} onChange={(event) => setAnalytics(event.target.checked)} /> Analytics
          </label>
        </fieldset>
        <div className="consent-actions">
          <button type="button" className="button button-secondary" onClick={() => save(false)}>
            Necessary only
          </button>
          <button type="button" className="button button-secondary" onClick={() => save(analytics)}>
            Save choices
          </button>
          <button type="button" className="button button-primary" onClick={() => save(true)}>
            Accept all
          </button>
        </div>
      </div>
    </section>
  );
}

export function CookieSettingsButton() {
  return (
    <button type="button" className="footer-link-button" onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}>
      Cookie settings
    </button>
  );
}
