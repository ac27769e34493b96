import type { Metadata } from 'next';
import Link from 'next/link';
import { Fragment } from 'react';
import { notFound } from 'next/navigation';
import { AdminLoadFailed, formatDateTime } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { mailSchema } from '@/lib/admin/orders-out-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';

export const metadata: Metadata = { title: 'Mail' };

/**
 * One kept mail: its text and its HTML. The HTML is shown in a sandboxed frame (no scripts, no same-origin
 * access), so whatever a mail holds cannot act on the back office.
 */
export default async function AdminMailMessagePage({ params }: { params: Promise<{ id: string }> }) {
  await requireOperator(SERVICE_ROLES);
  const { id } = await params;
  if (!/^\d{1,10}$/.test(id)) notFound();
  const result = await adminCall(mailSchema, `/mail/${id}`);
  if (!result.ok && result.error.status === 404) notFound();
  return (
    <div className="admin-page">
      <p>
        <Link href="/admin/mail/">← All mail</Link>
      </p>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : (
        <>
          <h1>{result.data.subject}</h1>
          <section className="admin-section" aria-label="Envelope">
            <dl className="admin-facts">
              <dt>From</dt>
              <dd>{result.data.from}</dd>
              <dt>To</dt>
              <dd data-testid="mail-to">{result.data.to}</dd>
              <dt>Sent</dt>
              <dd>{formatDateTime(result.data.createdAt)}</dd>
              {Object.entries(result.data.headers).map(([name, value]) => (
                <Fragment key={name}>
                  <dt>{name}</dt>
                  <dd data-testid="mail-header">{value}</dd>
                </Fragment>
              ))}
            </dl>
          </section>
          <section className="admin-section" aria-labelledby="mail-text">
            <h2 id="mail-text">Text</h2>
            <pre className="admin-mail-text" data-testid="mail-text">
              {result.data.text}
            </pre>
          </section>
          <section className="admin-section" aria-labelledby="mail-html">
            <h2 id="mail-html">HTML</h2>
            <iframe className="admin-mail-html" title={`HTML of ${result.data.subject}`} sandbox="" srcDoc={result.data.html} />
          </section>
        </>
      )}
    </div>
  );
}
