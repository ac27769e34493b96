import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allow } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { mailProblemToApiError } from '../problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { mailPage } from '../../mail/mailbox';
import { mailForOperator } from './stored-mail';

const listQuery = z.object({
  currentPage: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const params = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The demo mailbox (no SMTP_URL): what the shop would have sent, for operators and demos. */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const guard = { preHandler: allow(SERVICE_ROLES) };

  app.get('/mail', guard, async (request) => {
    const query = parseInput(listQuery, request.query, 'query');
    const page = await mailPage(db, query.currentPage, query.pageSize);
    return {
      smtp: app.deps.config.mail.smtpUrl !== undefined,
      messages: page.rows.map((row) => ({ id: row.id, to: row.toAddress, subject: row.subject, createdAt: row.createdAt.toISOString() })),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, totalResults: page.totalResults, totalPages: Math.ceil(page.totalResults / query.pageSize) },
    };
  });

  app.get('/mail/:id', guard, async (request) => {
    const { id } = parseInput(params, request.params, 'params');
    return unwrap(await mailForOperator(db, id), mailProblemToApiError);
  });
}
