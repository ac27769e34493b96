import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allowOperatorsOrIntegration } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { exportOrderLines } from './order-export';

const MAX_DAYS = 366;
const isoDate = z.iso.date('must be a date YYYY-MM-DD');
const query = z.object({ from: isoDate, to: isoDate });

/** GET /admin/v1/orders/export.csv?from=&to=: order lines for ERPs that read files (operators, or scope orders:export). */
export async function orderExportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get(
    '/orders/export.csv',
    { config: { integrationScope: 'orders:export' }, preHandler: allowOperatorsOrIntegration(SERVICE_ROLES) },
    async (request, reply) => {
      const { from, to } = parseInput(query, request.query, 'query');
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (days < 0) throw badRequest('to', "Invalid query field 'to': must not be before from");
      if (days >= MAX_DAYS) throw badRequest('to', `Invalid query field 'to': at most ${MAX_DAYS} days per export`);
      const csv = await exportOrderLines(db, from, to);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
