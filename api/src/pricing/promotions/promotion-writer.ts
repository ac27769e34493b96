import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { promotions } from '../../db/schema';
import { fail, ok, type Result } from '../../errors/result';
import { inTransaction } from '../../errors/transaction';
import { recordAudit } from '../../audit/record-audit';
import { promotionFields, type PromotionRow } from './promotion';
import { unknownReferences, unknownReferencesReason, type PromotionFields, type PromotionInput } from './promotion-input';

/** Refusals of the promotion writes, as plain values; `admin/promotions/problem-answers.ts` answers them. */
export type PromotionProblem =
  | { kind: 'promotionNotFound'; code: string }
  | { kind: 'codeTaken'; code: string }
  | { kind: 'unknownReferences'; field: 'audience' | 'targets'; reason: string }
  /** The editor read an older version: someone else changed it since, and their change would be lost. */
  | { kind: 'staleVersion'; code: string; currentVersion: number }
  /** Ended early is final: orders name it as it was, and changing or ending it again would say otherwise. */
  | { kind: 'alreadyEnded'; code: string; action: 'change' | 'end' };

/** Who writes: the operator, for the audit entry (null: the demo seed). */
export interface PromotionActor {
  operatorId: number | null;
}

/** What the audit log keeps of a promotion: everything an operator decides, none of the bookkeeping. */
const audited = promotionFields;

const subject = (code: string) => `promotion:${code}`;

/** The columns a change writes, in the order the audit shows them. */
const columns = (fields: PromotionFields) => ({
  name: fields.name,
  kind: fields.kind,
  value: fields.value,
  buyQuantity: fields.buyQuantity,
  freeQuantity: fields.freeQuantity,
  minQuantity: fields.minQuantity,
  who: fields.who,
  audience: fields.audience,
  what: fields.what,
  targets: fields.targets,
  validFrom: fields.validFrom,
  validTo: fields.validTo,
});

const sameFields = (row: PromotionRow, fields: PromotionFields) => {
  const { version: _version, endedAt: _endedAt, ...stored } = audited(row);
  return JSON.stringify(stored) === JSON.stringify(columns(fields));
};

async function lockedRow(tx: Tx, code: string): Promise<PromotionRow | undefined> {
  return (await tx.select().from(promotions).where(eq(promotions.code, code)).for('update').limit(1))[0];
}

async function referencesProblem(tx: Tx, fields: PromotionFields): Promise<PromotionProblem | undefined> {
  const unknown = await unknownReferences(tx, fields);
  return unknown && { kind: 'unknownReferences', field: unknown.field, reason: unknownReferencesReason(unknown, fields.who, fields.what) };
}

/** A new promotion, audited in the same transaction. A code already used, even by an ended one, is refused. */
export async function createPromotion(db: Db, actor: PromotionActor, input: PromotionInput, now: Date): Promise<Result<PromotionRow, PromotionProblem>> {
  return inTransaction<PromotionRow, PromotionProblem>(db, async (tx) => {
    const unknown = await referencesProblem(tx, input);
    if (unknown) return fail(unknown);
    // The unique code decides a race between two creations: the loser inserts nothing and is told so.
    const [row] = await tx
      .insert(promotions)
      .values({ code: input.code, ...columns(input), createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: promotions.code })
      .returning();
    if (!row) return fail({ kind: 'codeTaken', code: input.code });
    await recordAudit(tx, { operatorId: actor.operatorId, action: 'promotion.create', subject: subject(row.code), after: audited(row) });
    return ok(row);
  });
}

/**
 * Changes a promotion the editor read at `version`: refused when it has changed since (nothing is overwritten
 * unseen) or was ended early. A change that changes nothing writes and audits nothing.
 */
export async function updatePromotion(db: Db, actor: PromotionActor, code: string, change: { version: number; fields: PromotionFields }, now: Date): Promise<Result<PromotionRow, PromotionProblem>> {
  return inTransaction<PromotionRow, PromotionProblem>(db, async (tx) => {
    const current = await lockedRow(tx, code);
    if (!current) return fail({ kind: 'promotionNotFound', code });
    if (current.version !== change.version) return fail({ kind: 'staleVersion', code, currentVersion: current.version });
    if (current.endedAt !== null) return fail({ kind: 'alreadyEnded', code, action: 'change' });
    if (sameFields(current, change.fields)) return ok(current);
    const unknown = await referencesProblem(tx, change.fields);
    if (unknown) return fail(unknown);
    return ok(await writeChange(tx, actor, current, change.fields, now));
  });
}

async function writeChange(tx: Tx, actor: PromotionActor, current: PromotionRow, fields: PromotionFields, now: Date): Promise<PromotionRow> {
  const [row] = await tx
    .update(promotions)
    .set({ ...columns(fields), version: sql`${promotions.version} + 1`, updatedAt: now })
    .where(eq(promotions.id, current.id))
    .returning();
  if (!row) throw new Error(`promotion ${current.code} vanished under its row lock`);
  await recordAudit(tx, { operatorId: actor.operatorId, action: 'promotion.update', subject: subject(row.code), before: audited(current), after: audited(row) });
  return row;
}

/** Ends a promotion now, before its last day: it stops applying to carts at once. Ending one already ended is refused. */
export async function endPromotion(db: Db, actor: PromotionActor, code: string, now: Date): Promise<Result<PromotionRow, PromotionProblem>> {
  return inTransaction<PromotionRow, PromotionProblem>(db, async (tx) => {
    const current = await lockedRow(tx, code);
    if (!current) return fail({ kind: 'promotionNotFound', code });
    if (current.endedAt !== null) return fail({ kind: 'alreadyEnded', code, action: 'end' });
    const [row] = await tx
      .update(promotions)
      .set({ endedAt: now, version: sql`${promotions.version} + 1`, updatedAt: now })
      .where(eq(promotions.id, current.id))
      .returning();
    if (!row) throw new Error(`promotion ${code} vanished under its row lock`);
    await recordAudit(tx, { operatorId: actor.operatorId, action: 'promotion.end', subject: subject(code), before: audited(current), after: audited(row) });
    return ok(row);
  });
}

/** What an import wrote. */
export interface SavedCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Creates or changes checked promotions by code inside the caller's transaction (an import), each change
 * audited. The import's check refused rows naming a promotion ended early; one ended between that check and
 * this write is exceptional, and throws so that the whole file is rolled back rather than half written.
 */
export async function savePromotions(tx: Tx, actor: PromotionActor, inputs: PromotionInput[], now: Date): Promise<SavedCounts> {
  const counts: SavedCounts = { inserted: 0, updated: 0, unchanged: 0 };
  for (const input of inputs) {
    const current = await lockedRow(tx, input.code);
    if (!current) {
      const [row] = await tx
        .insert(promotions)
        .values({ code: input.code, ...columns(input), createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error(`promotion ${input.code} was not inserted`);
      await recordAudit(tx, { operatorId: actor.operatorId, action: 'promotion.create', subject: subject(row.code), after: audited(row) });
      counts.inserted++;
    } else if (current.endedAt !== null) {
      throw new Error(`promotion ${input.code} was ended early while its import was checked`);
    } else if (sameFields(current, input)) {
      counts.unchanged++;
    } else {
      await writeChange(tx, actor, current, input, now);
      counts.updated++;
    }
  }
  return counts;
}
