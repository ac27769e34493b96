import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/passwords/password-forms';
import { forgotPassword } from './actions';

export const metadata: Metadata = { title: 'Forgot your password?' };

export default function OperatorForgotPasswordPage() {
  return (
    <div className="card admin-login">
      <h1>Forgot your password?</h1>
      <p>Enter the email address you sign in to the back office with. We will send it a link to choose a new password.</p>
      <ForgotPasswordForm action={forgotPassword} signInHref="/admin/login/" />
    </div>
  );
}
