import type { Metadata } from 'next';
import Link from 'next/link';
import { site } from '@/lib/site-config';
import { RequestAccountForm } from './request-form';

export const metadata: Metadata = { title: 'Request an account' };

/** Anonymous-only, as /login: a business asks for an account; we confirm the address by email first. */
export default function RequestAccountPage() {
  return (
    <div className="card card-wide">
      <h1>Request an account</h1>
      <p>Tell us who you are and we will set up an account for ordering from {site.brand}.</p>
      <RequestAccountForm />
      <p className="field-help login-help">
        Already have an account? <Link href="/login/">Sign in</Link>
      </p>
    </div>
  );
}
