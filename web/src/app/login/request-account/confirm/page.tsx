import type { Metadata } from 'next';
import Link from 'next/link';
import { ConfirmForm } from './confirm-form';

export const metadata: Metadata = { title: 'Confirm your email address' };

/** Where the confirmation mail's link leads (docs/people.md "Registration requests"). */
export default async function ConfirmRequestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const given = typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : undefined;
  return (
    <div className="card">
      <h1>Confirm your email address</h1>
      {given ? (
        <>
          <p>Confirm this is your address, and your request for an account goes to our team.</p>
          <ConfirmForm token={given} />
        </>
      ) : (
        <div className="form-error" role="alert">
          <p className="form-error-title">This link is incomplete</p>
          <p>
            Open the link from the email again, or <Link href="/login/request-account/">request an account</Link> again.
          </p>
        </div>
      )}
    </div>
  );
}
