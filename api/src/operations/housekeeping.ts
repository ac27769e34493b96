import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountTokens, cartChangeKeys, registrationRequests } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long what is no longer needed is kept (docs/operations.md "Housekeeping"). A used link keeps its row a
 * while so that opening it again says it was used, rather than that it never existed.
 */
export const RETENTION_DAYS = {
  /** Account tokens (reset, invitation, confirmation and unsubscribe links, the decoys of unknown addresses), from use or expiry. */
  accountTokens: 30,
  /** Registration requests never confirmed, from the request (their confirmation link lives a day). */
  unconfirmedRegistrations: 7,
  /** Cart change keys, from the change: an offline queue replays its changes long before. */
  cartChangeKeys: 30,
} as const;

/** Rows removed per statement: short transactions, and locks held briefly, however much has piled up. */
const BATCH = 500;

export interface HousekeepingReport {
  accountTokens: number;
  registrationRequests: number;
  cartChangeKeys: number;
}

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Removes what RETENTION_DAYS no longer keeps. Each batch is claimed with FOR UPDATE SKIP LOCKED, as the
 * scheduler's jobs are: processes running this at once remove different rows, never wait on each other, and
 * remove each row once. Answers how many rows this call removed.
 */
export async function housekeep(db: Db, now: Date): Promise<HousekeepingReport> {
  return {
    accountTokens: await inBatches(() => removeAccountTokens(db, before(now, RETENTION_DAYS.accountTokens))),
    registrationRequests: await inBatches(() => removeUnconfirmedRegistrations(db, before(now, RETENTION_DAYS.unconfirmedRegistrations))),
    cartChangeKeys: await inBatches(() => removeCartChangeKeys(db, before(now, RETENTION_DAYS.cartChangeKeys))),
  };
}

async function inBatches(removeBatch: () => Promise<number>): Promise<number> {
  let removed = 0;
  for (;;) {
    const count = await removeBatch();
    removed += count;
    if (count < BATCH) return removed;
  }
}

async function removeAccountTokens(db: Db, cutoff: Date): Promise<number> {
  const done = or(and(isNotNull(accountTokens.usedAt), lt(accountTokens.usedAt, cutoff)), lt(accountTokens.expiresAt, cutoff));
  const batch = db.select({ id: accountTokens.id }).from(accountTokens).where(done).limit(BATCH).for('update', { skipLocked: true });
  return (await db.delete(accountTokens).where(inArray(accountTokens.id, batch)).returning({ id: accountTokens.id })).length;
}

async function removeUnconfirmedRegistrations(db: Db, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = (
      await tx
        .select({ id: registrationRequests.id })
        .from(registrationRequests)
        .where(and(eq(registrationRequests.status, 'unconfirmed'), lt(registrationRequests.createdAt, cutoff)))
        .limit(BATCH)
        .for('update', { skipLocked: true })
    ).map((row) => row.id);
    if (ids.length === 0) return 0;
    // Their confirmation links go with them (and would go by their own expiry anyway).
    await tx.delete(accountTokens).where(inArray(accountTokens.registrationId, ids));
    await tx.delete(registrationRequests).where(inArray(registrationRequests.id, ids));
    return ids.length;
  });
}

async function removeCartChangeKeys(db: Db, cutoff: Date): Promise<number> {
  const batch = db
    .select({ userId: cartChangeKeys.userId, key: cartChangeKeys.key })
    .from(cartChangeKeys)
    .where(lt(cartChangeKeys.createdAt, cutoff))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const removed = await db
    .delete(cartChangeKeys)
    .where(sql`(${cartChangeKeys.userId}, ${cartChangeKeys.key}) in ${batch}`)
    .returning({ userId: cartChangeKeys.userId });
  return removed.length;
}
