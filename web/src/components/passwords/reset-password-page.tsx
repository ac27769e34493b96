import { validateLink, type Audience } from '@/lib/passwords/passwords';
import type { PasswordFormState } from '@/lib/passwords/password-schemas';
import { ResetPasswordForm } from './password-forms';

type Action = (previous: PasswordFormState, form: FormData) => Promise<PasswordFormState>;

const FORGOT_PAGES: Record<Audience, string> = { customer: '/login/forgot-password/', operator: '/admin/login/forgot-password/' };
const INVITATIONS = new Set(['invitation', 'operatorInvitation']);

/**
 * The page a reset or invitation link opens (docs/people.md "Passwords"): it asks the API whether the link
 * still works, and an invitation says "Choose your password".
 */
export async function ResetPasswordPage({ audience, token, action }: { audience: Audience; token: string | undefined; action: Action }) {
  const link = token ? await validateLink(audience, token) : undefined;
  if (!token || !link?.ok) {
    const unreachable = link && !link.ok && link.error.type === 'FailedToFetch';
    return (
      <div className="card">
        <h1>{unreachable ? 'Temporary network error' : 'This link is invalid or has expired'}</h1>
        <p>{unreachable ? 'Please try again.' : 'A link works once, and a reset link for 60 minutes.'}</p>
        <p>
          <a href={FORGOT_PAGES[audience]}>Ask for a new link</a>
        </p>
      </div>
    );
  }
  const invitation = INVITATIONS.has(link.data.purpose);
  return (
    <div className="card">
      <h1>{invitation ? 'Choose your password' : 'Choose a new password'}</h1>
      {link.data.email ? (
        <p data-testid="sign-in-address">
          For <strong>{link.data.email}</strong>, the address you sign in with.
        </p>
      ) : null}
      <ResetPasswordForm action={action} token={token} email={link.data.email} forgotHref={FORGOT_PAGES[audience]} />
    </div>
  );
}
