import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { reportProblemToApiError } from '../../reports/problem-answers';
import { isReportDay } from '../../reports/report-days';
import { salesReport } from '../../reports/sales-report';
import { SALES_TABLES, salesCsv, salesReportSchema, salesReportView } from '../../reports/sales-view';
import { allow } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';

const day = z.string().refine(isReportDay, 'must be a date YYYY-MM-DD');
const salesQuery = z.object({ from: day.optional(), to: day.optional() });
const csvQuery = salesQuery.extend({ table: z.enum(SALES_TABLES).default('days') });

/** The operators' sales report (docs/reports.md "Operators' reports"): the figures, and each table as CSV. */
export async function adminReportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const operators = { preHandler: allow(SERVICE_ROLES) };

  app.get('/reports/sales', { ...operators, schema: { response: { 200: salesReportSchema } } }, async (request) => {
    const query = parseInput(salesQuery, request.query, 'query');
    return salesReportView(unwrap(await salesReport(db, query, app.clock()), reportProblemToApiError));
  });

  app.get('/reports/sales.csv', operators, async (request, reply) => {
    const { table, ...period } = parseInput(csvQuery, request.query, 'query');
    const report = unwrap(await salesReport(db, period, app.clock()), reportProblemToApiError);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="sales-${table}-${report.from}-${report.to}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(salesCsv(report, table));
  });
}
