import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { readAdminSession } from '@/lib/admin/admin-session';
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
        {children}
      </main>
    </div>
  );
}
