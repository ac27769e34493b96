import type { Metadata } from 'next';
import Link from 'next/link';
import type { z } from 'zod';
import { AdminActionForm } from '@/components/admin/admin-action-form';
import { AdminLoadFailed, formatDateTime } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { outboxSchema } from '@/lib/admin/orders-out-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { retryOutboxMessage } from './actions';

export const metadata: Metadata = { title: 'Orders out' };

const CHANNELS: Record<string, string> = { webhook: 'ERP webhook', mail: 'E-mail' };

/** An order's events are keyed by its code; a standing order's reminder by its code and delivery date (SO-…/date). */
const isOrderCode = (key: string) => !key.includes('/');

type Outbox = z.infer<typeof outboxSchema>;

/** Every channel, waiting or not, then any other the API reports. */
function channelsOf(backlog: Outbox['backlog']): Outbox['backlog'] {
  const known = Object.keys(CHANNELS).map((channel) => backlog.find((row) => row.channel === channel) ?? { channel, waiting: 0, failing: 0 });
  return [...known, ...backlog.filter((row) => !(row.channel in CHANNELS))];
}

function whereTo(channel: string, { webhook, mail }: Outbox['destinations']): string {
  if (channel === 'webhook') return webhook ? `sent to ${webhook}` : 'no WEBHOOK_URL is set, so webhook events wait here until it is';
  if (channel === 'mail') return mail ? `sent through the mail server ${mail}` : 'no SMTP_URL is set, so mail goes to the demo mailbox (see Mail)';
  return 'sent by its own channel';
}

/**
 * Orders out: where each channel sends, what waits to be delivered to the ERP and to customers' mailboxes, and
 * the events that keep failing (they are retried with growing waits; "Retry now" tries at once, for when the
 * receiver is fixed).
 */
export default async function AdminOutboxPage() {
  await requireOperator(SERVICE_ROLES);
  const result = await adminCall(outboxSchema, '/outbox');
  return (
    <div className="admin-page">
      <h1>Orders out</h1>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : (
        <>
          <section className="admin-section" aria-labelledby="outbox-where">
            <h2 id="outbox-where">Where events go</h2>
            <ul data-testid="outbox-channels">
              {channelsOf(result.data.backlog).map((row) => (
                <li key={row.channel}>
                  <strong>{CHANNELS[row.channel] ?? row.channel}</strong>: {whereTo(row.channel, result.data.destinations)}. {row.waiting} waiting, {row.failing} failing.
                </li>
              ))}
            </ul>
            <p>
              The events of one order go out in the order they happened: while one of them keeps failing, the later events of that order wait behind it. Other orders’
              events still go.
            </p>
          </section>
          <h2>Failing events</h2>
          {result.data.failing.length === 0 ? (
            <p>No event is failing.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table" data-testid="failing-events">
                <caption className="visually-hidden">Events that keep failing, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Event</th>
                    <th scope="col">To</th>
                    <th scope="col" className="num">
                      Attempts
                    </th>
                    <th scope="col">Last error</th>
                    <th scope="col">Next attempt</th>
                    <th scope="col">
                      <span className="visually-hidden">Action</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.data.failing.map((message) => (
                    <tr key={message.id}>
                      <td data-label="Order">
                        {isOrderCode(message.key) ? <Link href={`/admin/orders/${encodeURIComponent(message.key)}/`}>{message.key}</Link> : message.key}
                      </td>
                      <td data-label="Event">{message.type}</td>
                      <td data-label="To">{CHANNELS[message.channel] ?? message.channel}</td>
                      <td data-label="Attempts" className="num">
                        {message.attempts}
                      </td>
                      <td data-label="Last error">{message.lastError ?? '—'}</td>
                      <td data-label="Next attempt">{formatDateTime(message.nextAttemptAt)}</td>
                      <td data-label="Action">
                        <AdminActionForm
                          action={retryOutboxMessage}
                          fields={{ id: String(message.id) }}
                          label="Retry now"
                          accessibleLabel={`Retry ${message.type} of ${message.key} now`}
                          pendingLabel="Retrying…"
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
