import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/client';
import { userShipTos, users } from '../../../../db/schema';
import { sendInvitation } from '../../../../company/invitations';
import { disableUser, type DisabledBy } from '../../../../users/disable-user';
import type { WriteContext } from '../../import-kind';
import type { WriteCounts } from '../../import-report';
import { upsertRows } from '../../upsert';
import { withChangedKeys } from './changed-keys';
import type { UserImport } from './customer-rows';

/** What writing the users did: the counts, and who was disabled (whose cached tokens the caller forgets). */
export interface UsersWritten extends WriteCounts {
  disabledUserIds: number[];
  /** How many new users were e-mailed an invitation. */
  invited: number;
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
 * The file's users already known, locked in name order, so two imports (or an import and an operator)
 * touching the same users queue instead of deadlocking between the disabling and the upsert.
 */
async function lockKnownUsers(tx: Tx, rows: UserImport[]) {
  return tx
    .select({ id: users.id, username: users.username, status: users.status })
    .from(users)
    .where(inArray(users.username, rows.map((row) => row.username)))
    .orderBy(users.username)
    .for('update');
}

/** Disables, through disableUser as on the customers page, every active user the file marks disabled. */
async function disableMarkedUsers(tx: Tx, rows: UserImport[], known: { id: number; username: string; status: string }[], by: DisabledBy) {
  const marked = new Set(rows.filter((row) => row.status === 'disabled').map((row) => row.username));
  const disabling = known.filter((user) => user.status === 'active' && marked.has(user.username));
  for (const user of disabling) await disableUser(tx, user, by);
  return disabling;
}

/**
 * Mails an invitation (company/invitations.ts) to each new active user the file gave no password: nobody
 * mails passwords around (docs/people.md). A user someone else created meanwhile with a password is left alone.
 */
async function inviteWithoutPassword(tx: Tx, rows: UserImport[], known: Set<string>, context: WriteContext): Promise<number> {
  const names = rows.filter((row) => !known.has(row.username) && row.passwordHash === undefined && row.status === 'active').map((row) => row.username);
  if (names.length === 0) return 0;
  if (!context.mailTokenKey) throw new Error('a customers import that invites users needs the mail token key');
  const invited = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.username, names), eq(users.passwordHash, '!')))
    .orderBy(users.username);
  for (const user of invited) await sendInvitation(tx, user, context.now, context.mailTokenKey, { kind: 'import', cause: context.cause });
  return invited.length;
}

/**
 * Users with their ship-tos; a new user gets the hash made before the transaction, or without a password an
 * invitation; a known one keeps theirs.
 */
export async function writeUsers(tx: Tx, rows: UserImport[], context: WriteContext): Promise<UsersWritten> {
  if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0, disabledUserIds: [], invited: 0 };
  const known = await lockKnownUsers(tx, rows);
  const disabled = await disableMarkedUsers(tx, rows, known, context);
  // '!' matches no password: a known user's row goes without a hash (the upsert never updates it), a new one
  // without a password is invited below.
  const values = rows.map((row) => ({ username: row.username, customerId: row.customerId, name: row.name, email: row.username, status: row.status, passwordHash: row.passwordHash ?? sql`'!'` }));
  const counts = await upsertRows(tx, users, values as (typeof users.$inferInsert)[], [users.username], [users.customerId, users.name, users.email, users.status]);
  const listed = await replaceUserShipTos(tx, rows);
  const invited = await inviteWithoutPassword(tx, rows, new Set(known.map((user) => user.username)), context);
  return { ...withChangedKeys(counts, new Set([...listed, ...disabled.map((user) => user.username)])), disabledUserIds: disabled.map((user) => user.id), invited };
}
