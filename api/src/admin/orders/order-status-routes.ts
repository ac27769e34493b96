import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, allowOperatorsOrIntegration } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { parseInput } from '../../http/validate';
import { changeStatus, type ReportedLine } from '../../orders/change-status';
import { ORDER_STATUSES } from '../../order-status/order-status';
import { orderStatusView } from '../../order-status/status-history';
import { orderNotFound, statusProblemToApiError } from '../../orders/problem-answers';
import { unwrap } from '../../errors/reply';
import { orderView } from '../../orders/order-view';

const params = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be an order code') });
const body = z.object({
  status: z.enum(ORDER_STATUSES),
  lines: z
    .array(
      z
        .object({
          entryNumber: z.number().int().min(0).max(10_000),
          deliveredQuantity: z.number().int().min(0).max(1_000_000).optional(),
          // A line sent as another product (docs/substitutions.md): that product's code, its cases and unit price in pence.
          substitutedBy: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a product code').optional(),
          quantity: z.number().int().min(1).max(1_000_000).optional(),
          unitPrice: z.number().int().min(0).max(10_000_000).optional(),
        })
        .superRefine((line, context) => {
          if (line.substitutedBy === undefined) {
            if (line.deliveredQuantity === undefined) context.addIssue({ code: 'custom', path: ['deliveredQuantity'], message: 'is required unless the line is substituted' });
            for (const key of ['quantity', 'unitPrice'] as const) {
              if (line[key] !== undefined) context.addIssue({ code: 'custom', path: [key], message: 'is only for a substituted line, with substitutedBy' });
            }
            return;
          }
          if (line.deliveredQuantity !== undefined) context.addIssue({ code: 'custom', path: ['deliveredQuantity'], message: 'a substituted line gives the substitute\'s cases as quantity' });
          for (const key of ['quantity', 'unitPrice'] as const) {
            if (line[key] === undefined) context.addIssue({ code: 'custom', path: [key], message: 'is required with substitutedBy' });
          }
        })
        .transform(({ entryNumber, deliveredQuantity, substitutedBy, quantity, unitPrice }): ReportedLine =>
          substitutedBy === undefined ? { entryNumber, deliveredQuantity: deliveredQuantity ?? 0 } : { entryNumber, substitutedBy, quantity: quantity ?? 0, unitPrice: unitPrice ?? 0 },
        ),
    )
    .max(1000)
    .refine((lines) => new Set(lines.map((line) => line.entryNumber)).size === lines.length, 'each entryNumber at most once')
    .optional(),
  note: z.string().trim().max(1000).optional().transform((note) => (note === '' ? undefined : note)),
});

/**
 * Status reports from the warehouse or ERP (an integration client with scope orders:status) or an
 * operator of the back office; each accepted change is an order.status_changed event and an e-mail.
 */
export async function orderStatusRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const guard = { config: { integrationScope: 'orders:status' }, preHandler: allowOperatorsOrIntegration(SERVICE_ROLES) };

  app.get('/orders/:code/status', guard, async (request) => {
    const { code } = parseInput(params, request.params, 'params');
    const view = await orderStatusView(db, code);
    if (!view) throw orderNotFound(code);
    return view;
  });

  app.post('/orders/:code/status', guard, async (request) => {
    const { code } = parseInput(params, request.params, 'params');
    const input = parseInput(body, request.body, 'body');
    const principal = request.adminPrincipal;
    const operatorId = principal?.kind === 'operator' ? principal.operator.id : null;
    const record = unwrap(await changeStatus(db, { code, ...input, changedBy: actorOf(request), operatorId, cause: request.cause }), statusProblemToApiError);
    return orderView(record, app.clock());
  });
}
