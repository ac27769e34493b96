import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  /** Null for the system (the demo seed) and for a customer's company admin (actorUserId). */
  operatorId: number | null;
  /** A customer's company admin who made the change. */
  actorUserId?: number | null;
  action: string;
  subject: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Written in the same transaction as the change it describes, so the log never misses or invents one. Its own
 * module, not the back office's: domain use cases an operator can trigger (disabling a user) audit too, and
 * nothing outside admin/ imports admin/ (eslint.config.js).
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ operatorId: entry.operatorId, actorUserId: entry.actorUserId ?? null, action: entry.action, subject: entry.subject, before: entry.before ?? null, after: entry.after ?? null });
}
