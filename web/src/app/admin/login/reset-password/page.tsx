import type { Metadata } from 'next';
import { ResetPasswordPage } from '@/components/passwords/reset-password-page';
import { resetPassword } from './actions';

// The token is in the address: no other site learns it from a Referer header.
export const metadata: Metadata = { title: 'Choose your password', referrer: 'no-referrer' };

type Params = Promise<Record<string, string | string[] | undefined>>;

export default async function OperatorResetPasswordPage({ searchParams }: { searchParams: Params }) {
  const { token } = await searchParams;
  return <ResetPasswordPage audience="operator" token={typeof token === 'string' ? token : undefined} action={resetPassword} />;
}
