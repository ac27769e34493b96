import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { addDays } from '../../time/calendar-date';
import { londonInstant } from '../../time/london-time';
import { auditLog, operators, users } from '../../db/schema';

export interface AuditFilter {
  action?: string;
  subject?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** A customer's company admin who made a change (audit_log.actor_user_id). */
const actors = alias(users, 'actors');

/** The log newest first, with who acted (an operator, or a company admin); filters by action prefix, subject and day (Europe/London). */
export async function listAudit(db: DbOrTx, filter: AuditFilter) {
  const conditions = [
    filter.action ? sql`${auditLog.action} like ${`${filter.action.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
    filter.subject ? eq(auditLog.subject, filter.subject) : undefined,
    filter.from ? gte(auditLog.at, londonInstant(filter.from, '00:00')) : undefined,
    filter.to ? lt(auditLog.at, londonInstant(addDays(filter.to, 1), '00:00')) : undefined,
  ].filter((condition) => condition !== undefined);
  const rows = await db
    .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, subject: auditLog.subject, before: auditLog.before, after: auditLog.after, operator: operators.email, actorUser: actors.username })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .leftJoin(actors, eq(actors.id, auditLog.actorUserId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.pageSize + 1)
    .offset(filter.page * filter.pageSize);
  return { entries: rows.slice(0, filter.pageSize), hasMore: rows.length > filter.pageSize };
}
