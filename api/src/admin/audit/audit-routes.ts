import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isValidIsoDate } from '../../time/calendar-date';
import { parseInput } from '../../http/validate';
import { allow } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { listAudit } from './audit-log';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine(isValidIsoDate, 'must be a real date');
const auditQuery = z.object({
  action: z.string().trim().max(60).optional(),
  subject: z.string().trim().max(300).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export async function adminAuditRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  app.get('/audit', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const query = parseInput(auditQuery, request.query, 'query');
    const found = await listAudit(db, { ...query, action: query.action || undefined, subject: query.subject || undefined });
    return {
      entries: found.entries.map((entry) => ({ ...entry, at: entry.at.toISOString(), operator: entry.operator ?? (entry.actorUser === null ? 'system' : `${entry.actorUser} (company admin)`) })),
      hasMore: found.hasMore,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
