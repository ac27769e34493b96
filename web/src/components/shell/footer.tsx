import Link from 'next/link';
import { site } from '@/lib/site-config';
import { CookieSettingsButton } from './consent-banner';

/** docs/storefront-requirements.md §2 footer: contact details, the Help block for signed-in users, copyright and policy links. */
export function Footer({ signedIn }: { signedIn: boolean }) {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact us</h2>
          <p>{site.hours}</p>
          <p>
            <a href={site.phoneHref}>{site.phone}</a>
          </p>
          <p>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
        </section>
        {signedIn ? (
          <section aria-labelledby="footer-help">
            <h2 id="footer-help">Help</h2>
            <ul>
              <li>
                <Link href="/about/faq/" prefetch={false}>
                  FAQs
                </Link>
              </li>
              <li>
                <Link href="/about/video-guide/" prefetch={false}>
                  Video Guide
                </Link>
              </li>
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="footer-company">
          <h2 id="footer-company">{site.brand}</h2>
          <ul>
            <li>
              <Link href="/about/" prefetch={false}>
                About us
              </Link>
            </li>
          </ul>
        </section>
      </div>
      <div className="footer-legal">
        <p>
          © {new Date().getFullYear()} {site.copyrightHolder}. All rights reserved.
        </p>
        <ul>
          <li>
            <Link href="/about/cookie-policy/" prefetch={false}>
              Cookie policy
            </Link>
          </li>
          <li>
            <CookieSettingsButton />
          </li>
          <li>
            <Link href="/about/privacy/" prefetch={false}>
              Privacy
            </Link>
          </li>
          <li>
            <Link href="/about/terms/" prefetch={false}>
              Terms
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
