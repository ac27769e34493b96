import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/passwords/password-forms';
import { requireUser } from '@/lib/session/session';
import { changePassword } from './actions';

export const metadata: Metadata = { title: 'Change your password' };

export default async function ChangePasswordPage() {
  await requireUser();
  return (
    <div className="card">
      <h1>Change your password</h1>
      <ChangePasswordForm action={changePassword} />
    </div>
  );
}
