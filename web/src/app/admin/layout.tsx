import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import type { ReactNode } from 'react';
import { readAdminSession } from '@/lib/admin/admin-session';
import { ASSIST_ENDED_COOKIE, ASSIST_ENDED_FLAG, endedMessage } from '@/lib/session/assisted-end';
import { PATH_HEADER } from '@/lib/session/request-context';
import { site } from '@/lib/site-config';
import { signOutOperator } from './actions';
import { navFor } from './admin-nav';
import { AdminNavLinks } from './admin-nav-links';
import './admin.css';

export const metadata: Metadata = { title: { template: `${site.brand} back office | %s`, default: `${site.brand} back office` } };

/** The back office's own shell: its header, its section menu, the operator and sign-out. No shop chrome. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await readAdminSession();
  const operator = session?.operator;
  const actingEnded = await endedActing();
  return (
    <div className="admin-shell">
      <a href="#admin-main" className="skip-link">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="admin-header-inner">
          <p className="admin-brand">
            {site.brand} <span>Back office</span>
          </p>
          {operator ? (
            <div className="admin-operator">
              <span data-testid="admin-operator">
                {operator.name} ({operator.role})
              </span>
              <form action={signOutOperator}>
                <button type="submit" className="button button-secondary admin-sign-out">
                  Sign out
                </button>
              </form>
            </div>
          ) : null}
        </div>
        {operator ? (
          <nav aria-label="Back office" className="admin-nav">
            <AdminNavLinks items={navFor(operator.role)} />
          </nav>
        ) : null}
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {actingEnded ? (
          <p role="status" className="admin-acting-ended">
            {endedMessage(actingEnded)}
          </p>
        ) : null}
        {children}
      </main>
    </div>
  );
}

/**
 * The customer whose acting session the API ended (elsewhere, or 30 minutes idle) as the operator was sent back
 * here (app/api/assisted/ended/route.ts): its one-minute cookie and the page's flag together, so a link alone
 * shows nothing.
 */
async function endedActing(): Promise<string | undefined> {
  const [cookieStore, requestHeaders] = await Promise.all([cookies(), headers()]);
  const name = cookieStore.get(ASSIST_ENDED_COOKIE)?.value;
  const search = (requestHeaders.get(PATH_HEADER) ?? '').split('?')[1] ?? '';
  return name && new URLSearchParams(search).get(ASSIST_ENDED_FLAG) === '1' ? name : undefined;
}
