import type { Metadata, Viewport } from 'next';
import { cookies, headers } from 'next/headers';
import type { ReactNode } from 'react';
import { ActingBanner } from '@/components/shell/acting-banner';
import { FocusAfterNavigation } from '@/components/shell/focus-after-navigation';
import { Footer } from '@/components/shell/footer';
import { ConsentBanner } from '@/components/shell/consent-banner';
import { CONSENT_COOKIE, parseConsent } from '@/components/shell/consent';
import { HashBangScript, nonceOf } from '@/components/shell/hash-bang';
import { OfflineBanner } from '@/components/offline/offline-banner';
import { Header } from '@/components/shell/header';
import { shellModeFor } from '@/components/shell/shell-mode';
import { ContentToasts, ToastProvider } from '@/components/shell/toasts';
import { PATH_HEADER } from '@/lib/session/request-context';
import { getSession } from '@/lib/session/session';
import { offlineScope } from '@/lib/offline/offline-scope';
import { site } from '@/lib/site-config';
import { REQUEST_ID_HEADER } from '@/lib/tracing/trace-context';
import './globals.css';

export const metadata: Metadata = {
  title: { template: `${site.titlePrefix} | %s`, default: `${site.brand} | Home` },
  description: `${site.brand} trade ordering: dairy and chilled products for business customers.`,
  robots: { index: false, follow: false },
  // Installed on an iPhone's home screen (the manifest, app/manifest.ts, serves the others).
  icons: { apple: '/icons/apple-touch-icon.png' },
  appleWebApp: { capable: true, title: 'Meadowvale', statusBarStyle: 'default' },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1f5c4a' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [session, requestHeaders, cookieStore] = await Promise.all([getSession(), headers(), cookies()]);
  const mode = shellModeFor(requestHeaders.get(PATH_HEADER) ?? '/');
  if (mode === 'admin') {
    return (
      <html lang="en-GB">
        <body className="shell-admin">
          <ToastProvider>{children}</ToastProvider>
        </body>
      </html>
    );
  }
  return (
    <html lang="en-GB">
      <body className={`shell-${mode}`}>
        <HashBangScript nonce={nonceOf(requestHeaders.get('content-security-policy'))} />
        <ToastProvider>
          {/* First in the page (as GOV.UK places its cookie banner): read first, and painted with the first bytes. */}
          <ConsentBanner consent={parseConsent(cookieStore.get(CONSENT_COOKIE)?.value)} />
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          {/* An operator acting for a customer sees it on every shop page, drawn here so nothing moves when it shows. */}
          {session.assisted ? <ActingBanner assisted={session.assisted} /> : null}
          <OfflineBanner scope={await offlineScope(session)} render={requestHeaders.get(REQUEST_ID_HEADER) ?? ''} />
          <Header session={session} mode={mode} />
          <main id="main" className="site-main" tabIndex={-1}>
            <ContentToasts />
            {children}
          </main>
          <Footer signedIn={Boolean(session.user)} />
          <FocusAfterNavigation />
        </ToastProvider>
      </body>
    </html>
  );
}
