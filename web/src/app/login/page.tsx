import type { Metadata } from 'next';
import Link from 'next/link';
import { site } from '@/lib/site-config';
import { safeNextPath } from '@/lib/session/next-target';
import { redirectReadyUser } from '@/lib/session/session';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };

/** Anonymous-only: a set-up user is sent to /. */
export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await redirectReadyUser();
  const params = await searchParams;
  const next = safeNextPath(typeof params.next === 'string' ? params.next : undefined);
  return (
    <div className="card">
      <h1>Sign in</h1>
      {params.passwordSet === '1' ? (
        <p role="status" data-testid="password-set">
          Your password is set. Sign in with it.
        </p>
      ) : null}
      <p>Sign in to order from {site.brand}.</p>
      <LoginForm next={next} username={typeof params.username === 'string' ? params.username.slice(0, 254) : undefined} />
      <p>
        <a href="/login/forgot-password/">Forgot your password?</a>
      </p>
      <p className="login-help">
        New customer? <Link href="/login/request-account/">Request an account</Link>
      </p>
      <p className="field-help login-help">
        Trouble signing in? Call <a href={site.phoneHref}>{site.phone}</a> ({site.hours}).
      </p>
    </div>
  );
}
