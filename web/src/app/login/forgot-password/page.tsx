import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/passwords/password-forms';
import { redirectReadyUser } from '@/lib/session/session';
import { forgotPassword } from './actions';

export const metadata: Metadata = { title: 'Forgot your password?' };

export default async function ForgotPasswordPage() {
  await redirectReadyUser();
  return (
    <div className="card">
      <h1>Forgot your password?</h1>
      <p>Enter the email address you sign in with. We will send it a link to choose a new password.</p>
      <ForgotPasswordForm action={forgotPassword} signInHref="/login/" />
    </div>
  );
}
