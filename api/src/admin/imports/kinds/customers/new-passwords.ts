import { inArray } from 'drizzle-orm';
import { hashPassword } from '../../../../auth/passwords';
import type { Db } from '../../../../db/client';
import { users } from '../../../../db/schema';
import type { CustomerImportRow } from './customer-rows';

/**
 * Hashes the first password of every user not yet known, before the write's transaction opens: argon2 takes
 * tens of milliseconds a password, and rows locked that long would hold up every sign-in and order touching
 * them. Known users keep their password (an import never resets one), so theirs is dropped unhashed. A user
 * created by someone else in between is written as known: the insert's hash is then never used.
 */
export async function hashNewPasswords(db: Db, rows: CustomerImportRow[]): Promise<CustomerImportRow[]> {
  const people = rows.flatMap((row) => (row.record === 'user' ? [row.username] : []));
  const known = new Set(people.length === 0 ? [] : (await db.select({ username: users.username }).from(users).where(inArray(users.username, people))).map((r) => r.username));
  const ready: CustomerImportRow[] = [];
  for (const row of rows) {
    if (row.record !== 'user' || row.password === undefined) {
      ready.push(row);
      continue;
    }
    const { password, ...user } = row;
    ready.push(known.has(row.username) ? user : { ...user, passwordHash: await hashPassword(password) });
  }
  return ready;
}
