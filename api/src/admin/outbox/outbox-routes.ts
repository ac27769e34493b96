import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allow, currentOperator } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { failingMessages, outboxBacklog, retryNow } from '../../outbox/failing-messages';

const params = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** A configured address's host only: the path may carry a token and an SMTP URL a password. */
const hostOf = (url: string | undefined): string | null => (url ? new URL(url).host : null);

/** The back office's view of orders out: where each channel sends, what waits, what keeps failing, and "retry now". */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const { webhook, mail } = app.deps.config;
  const guard = { preHandler: allow(SERVICE_ROLES) };
  // Null: no WEBHOOK_URL, so webhook events wait; no SMTP_URL, so mail goes to the demo mailbox.
  const destinations = { webhook: hostOf(webhook?.url), mail: hostOf(mail.smtpUrl) };

  app.get('/outbox', guard, async () => ({ destinations, backlog: await outboxBacklog(db), failing: await failingMessages(db, 200) }));

  app.post('/outbox/:id/retry', guard, async (request) => {
    const { id } = parseInput(params, request.params, 'params');
    if (!(await retryNow(db, id, currentOperator(request).id))) throw notFound('OutboxError', 'id', `No undelivered message ${id}`);
    return { retried: id };
  });
}
