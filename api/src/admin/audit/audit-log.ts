import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addDays } from '../../delivery/calendar-date';
import { londonInstant } from '../../delivery/london-time';
import { auditLog, operators } from '../../db/schema';

export interface AuditFilter {
  action?: string;
  subject?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** The log newest first, with who acted; filters by action prefix, subject and day (Europe/London). */
export async function listAudit(db: DbOrTx, filter: AuditFilter) {
  const conditions = [
    filter.action ? sql`${auditLog.action} like ${`${filter.action.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
    filter.subject ? eq(auditLog.subject, filter.subject) : undefined,
    filter.from ? gte(auditLog.at, londonInstant(filter.from, '00:00')) : undefined,
    filter.to ? lt(auditLog.at, londonInstant(addDays(filter.to, 1), '00:00')) : undefined,
  ].filter((condition) => condition !== undefined);
  const rows = await db
    .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, subject: auditLog.subject, before: auditLog.before, after: auditLog.after, operator: operators.email })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.pageSize + 1)
    .offset(filter.page * filter.pageSize);
  return { entries: rows.slice(0, filter.pageSize), hasMore: rows.length > filter.pageSize };
}
