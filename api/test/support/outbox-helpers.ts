import { isNull } from 'drizzle-orm';
import { outboxMessages } from '../../src/db/schema';
import type { PassReport } from '../../src/outbox/dispatcher';
import type { TestServer } from './test-server';

/**
 * Timings for tests that deliver on demand: no pass on a timer within a test (only those woken by commits),
 * and a retry never comes due by itself; `makeDue` stands in for the wait.
 */
export const ON_DEMAND_OUTBOX = {
  OUTBOX_POLL_SECONDS: '300',
  OUTBOX_RETRY_BASE_SECONDS: '10',
  OUTBOX_RETRY_MAX_SECONDS: '3600',
};

/**
 * One dispatch pass of every channel of the server's outbox, after any pass in progress: when it returns,
 * every event committed before the call and due has been offered to its receiver.
 */
export const dispatch = (server: TestServer): Promise<PassReport> => server.app.outbox.dispatchOnce();

/** As if every waiting message's backoff had run out, instead of sleeping through it. */
export async function makeDue(server: TestServer): Promise<void> {
  await server.database.db.update(outboxMessages).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(isNull(outboxMessages.deliveredAt));
}
