import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allowOperatorsOrIntegration } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { parseInput } from '../../http/validate';
import { exportOrderLines } from './order-export';

const MAX_DAYS = 366;
const isoDate = z.iso.date('must be a date YYYY-MM-DD');
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
/** A period of at most MAX_DAYS days, `to` not before `from`: refused with 400 naming `to`, as the schema's other fields. */
const query = z
  .object({ from: isoDate, to: isoDate })
  .refine(({ from, to }) => daysBetween(from, to) >= 0, { path: ['to'], message: 'must not be before from' })
  .refine(({ from, to }) => daysBetween(from, to) < MAX_DAYS, { path: ['to'], message: `at most ${MAX_DAYS} days per export` });

/** GET /admin/v1/orders/export.csv?from=&to=: order lines for ERPs that read files (operators, or scope orders:export). */
export async function orderExportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get(
    '/orders/export.csv',
    { config: { integrationScope: 'orders:export' }, preHandler: allowOperatorsOrIntegration(SERVICE_ROLES) },
    async (request, reply) => {
      const { from, to } = parseInput(query, request.query, 'query');
      const csv = await exportOrderLines(db, from, to);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
