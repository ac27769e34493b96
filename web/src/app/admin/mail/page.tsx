import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminLoadFailed, AdminPager, formatDateTime, pageParam } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { mailListSchema } from '@/lib/admin/orders-out-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';

export const metadata: Metadata = { title: 'Mail' };

/** Demo mode's mailbox: the e-mails the shop would have sent (order confirmations, status changes), newest first. */
export default async function AdminMailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperator(SERVICE_ROLES);
  const page = pageParam((await searchParams).page);
  const result = await adminCall(mailListSchema, '/mail', { query: { currentPage: page, pageSize: 25 } });
  return (
    <div className="admin-page">
      <h1>Mail</h1>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : (
        <>
          <p>
            {result.data.smtp
              ? 'E-mail goes out through the SMTP server (SMTP_URL). Mails kept before it was set are listed here.'
              : 'Demo mode: no SMTP server is set (SMTP_URL), so the e-mails the shop sends are kept here instead.'}
          </p>
          {result.data.messages.length === 0 ? (
            <p>No mail yet. Placing an order sends its confirmation here.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table" data-testid="mail-list">
                <caption className="visually-hidden">Mails, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Sent</th>
                    <th scope="col">To</th>
                    <th scope="col">Subject</th>
                  </tr>
                </thead>
                <tbody>
                  {result.data.messages.map((mail) => (
                    <tr key={mail.id}>
                      <td data-label="Sent">{formatDateTime(mail.createdAt)}</td>
                      <td data-label="To">{mail.to}</td>
                      <td data-label="Subject">
                        <Link href={`/admin/mail/${mail.id}/`}>{mail.subject}</Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <AdminPager basePath="/admin/mail/" params={{}} page={page} hasMore={page + 1 < result.data.pagination.totalPages} />
        </>
      )}
    </div>
  );
}
