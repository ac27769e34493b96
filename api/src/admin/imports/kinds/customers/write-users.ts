import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/client';
import { userShipTos, users } from '../../../../db/schema';
import { disableUser, type DisabledBy } from '../../../../users/disable-user';
import type { WriteCounts } from '../../import-report';
import { upsertRows } from '../../upsert';
import { withChangedKeys } from './changed-keys';
import type { UserImport } from './customer-rows';

/** What writing the users did: the counts, and who was disabled (whose cached tokens the caller forgets). */
export interface UsersWritten extends WriteCounts {
  disabledUserIds: number[];
}

/** Replaces each user's ship-tos where they differ from the file; answers the users it changed. */
async function replaceUserShipTos(tx: Tx, rows: UserImport[]): Promise<Set<string>> {
  const ids = new Map((await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, rows.map((r) => r.username)))).map((r) => [r.username, r.id]));
  const stored = await tx.select().from(userShipTos).where(inArray(userShipTos.userId, [...ids.values()]));
  const storedBy = new Map<number, string[]>();
  for (const row of stored.sort((a, b) => a.position - b.position)) storedBy.set(row.userId, [...(storedBy.get(row.userId) ?? []), row.shipToCode]);
  const changed = rows.filter((row) => JSON.stringify(row.shipTos) !== JSON.stringify(storedBy.get(ids.get(row.username) ?? -1) ?? []));
  for (const row of changed) {
    const userId = ids.get(row.username);
    if (userId === undefined) continue;
    await tx.delete(userShipTos).where(eq(userShipTos.userId, userId));
    if (row.shipTos.length > 0) await tx.insert(userShipTos).values(row.shipTos.map((shipToCode, position) => ({ userId, shipToCode, position })));
  }
  return new Set(changed.map((row) => row.username));
}

/**
 * Disables, through disableUser as on the customers page, every active user the file marks disabled. All the
 * file's known users are locked first, in name order, so two imports (or an import and an operator) touching
 * the same users queue instead of deadlocking between this and the upsert.
 */
async function disableMarkedUsers(tx: Tx, rows: UserImport[], by: DisabledBy): Promise<{ id: number; username: string }[]> {
  const marked = new Set(rows.filter((row) => row.status === 'disabled').map((row) => row.username));
  const known = await tx
    .select({ id: users.id, username: users.username, status: users.status })
    .from(users)
    .where(inArray(users.username, rows.map((row) => row.username)))
    .orderBy(users.username)
    .for('update');
  const disabling = known.filter((user) => user.status === 'active' && marked.has(user.username));
  for (const user of disabling) await disableUser(tx, user, by);
  return disabling;
}

/** Users with their ship-tos; a new user gets the hash made before the transaction, a known one keeps theirs. */
export async function writeUsers(tx: Tx, rows: UserImport[], by: DisabledBy): Promise<UsersWritten> {
  if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0, disabledUserIds: [] };
  const disabled = await disableMarkedUsers(tx, rows, by);
  // '!' matches no password: only a known user's row goes without a hash, and the upsert never updates it.
  const values = rows.map((row) => ({ username: row.username, customerId: row.customerId, name: row.name, email: row.username, status: row.status, passwordHash: row.passwordHash ?? sql`'!'` }));
  const counts = await upsertRows(tx, users, values as (typeof users.$inferInsert)[], [users.username], [users.customerId, users.name, users.email, users.status]);
  const listed = await replaceUserShipTos(tx, rows);
  return { ...withChangedKeys(counts, new Set([...listed, ...disabled.map((user) => user.username)])), disabledUserIds: disabled.map((user) => user.id) };
}
