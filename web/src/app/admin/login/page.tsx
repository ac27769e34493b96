import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { readAdminSession } from '@/lib/admin/admin-session';
import { safeAdminNext } from '@/lib/session/next-target';
import { OperatorLoginForm } from './login-form';

export const metadata: Metadata = { title: 'Back office sign in' };

type Params = Promise<Record<string, string | string[] | undefined>>;

/** Staff only. A customer's shop session plays no part here: operators have accounts of their own. */
export default async function AdminLoginPage({ searchParams }: { searchParams: Params }) {
  const params = await searchParams;
  const next = safeAdminNext(typeof params.next === 'string' ? params.next : undefined);
  const expired = params.expired === '1';
  if (!expired && (await readAdminSession())) redirect(next);
  return (
    <div className="card admin-login">
      <h1>Back office sign in</h1>
      {expired ? (
        <p role="status" className="admin-notice">
          Your session has expired. Please sign in again.
        </p>
      ) : null}
      {params.signedOut === '1' ? (
        <p role="status" className="admin-notice">
          You have been signed out.
        </p>
      ) : null}
      <p>For Meadowvale Foods staff. Customers sign in at the <a href="/login/">shop</a>.</p>
      {params.passwordSet === '1' ? (
        <p role="status" className="admin-notice">
          Your password is set. Sign in with it.
        </p>
      ) : null}
      <OperatorLoginForm next={next} />
      <p>
        <a href="/admin/login/forgot-password/">Forgot your password?</a>
      </p>
    </div>
  );
}
