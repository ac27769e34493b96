import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allow, currentOperator } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { failingMessages, outboxBacklog, retryNow } from '../../outbox/failing-messages';

const params = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The back office's view of orders out: what waits, what keeps failing, and "retry now". */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const guard = { preHandler: allow(SERVICE_ROLES) };

  app.get('/outbox', guard, async () => ({ backlog: await outboxBacklog(db), failing: await failingMessages(db, 200) }));

  app.post('/outbox/:id/retry', guard, async (request) => {
    const { id } = parseInput(params, request.params, 'params');
    if (!(await retryNow(db, id, currentOperator(request).id))) throw notFound('OutboxError', 'id', `No undelivered message ${id}`);
    return { retried: id };
  });
}
