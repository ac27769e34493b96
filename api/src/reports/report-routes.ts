import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/bearer';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { reportProblemToApiError } from './problem-answers';
import { ISO_MONTH } from './report-months';
import { spendReport } from './spend-report';
import { SPEND_TABLES, spendCsv, spendReportSchema, spendReportView } from './spend-view';

const month = z.string().regex(ISO_MONTH, 'must be a month YYYY-MM');
const spendQuery = z.object({ from: month.optional(), to: month.optional() });
const csvQuery = spendQuery.extend({ table: z.enum(SPEND_TABLES).default('sites') });

/** Head office's spend report (docs/reports.md): the figures, and each table behind its charts as CSV. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/reports/spend', { schema: { response: { 200: spendReportSchema } } }, async (request) => {
    const user = currentUser(request);
    const query = parseInput(spendQuery, request.query, 'query');
    return spendReportView(unwrap(await spendReport(db, user.id, query, app.clock()), reportProblemToApiError));
  });

  app.get('/users/current/reports/spend.csv', async (request, reply) => {
    const user = currentUser(request);
    const { table, ...period } = parseInput(csvQuery, request.query, 'query');
    const report = unwrap(await spendReport(db, user.id, period, app.clock()), reportProblemToApiError);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="spend-${table}-${report.from}-${report.to}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(spendCsv(report, table));
  });
}
