import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { RANGES, type Range } from '../../../accounts/ship-tos';
import { hashPassword } from '../../../auth/passwords';
import type { Db, Tx } from '../../../db/client';
import { oauthTokens, shipToRanges, shipTos, soldTos, userShipTos, users } from '../../../db/schema';
import { refuseDuplicates, type ImportKind } from '../import-kind';
import type { ImportProblem, WriteCounts } from '../import-report';
import { RowReader } from '../row-reader';
import { upsertRows } from '../upsert';

export interface SoldToImport {
  record: 'soldTo';
  code: string;
  name: string;
}

export interface ShipToImport {
  record: 'shipTo';
  code: string;
  name: string;
  soldToCode: string;
  addressLine1: string;
  town: string;
  postcode: string;
  cutoffTime: string;
  purchaseOrderRequired: boolean;
  ranges: { range: Range; deliveryWeekdays: number[] }[];
}

export interface UserImport {
  record: 'user';
  username: string;
  customerId: string;
  name: string;
  status: 'active' | 'disabled';
  shipTos: string[];
  /** Only used when the user is new: an import never resets a password. */
  password?: string;
}

export type CustomerImportRow = SoldToImport | ShipToImport | UserImport;

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const RECORDS = ['soldTo', 'shipTo', 'user'] as const;

/** "CHIL: Mon Wed Fri; DAIR: Tue Thu" (or ISO numbers, 1 = Monday) into each range's delivery weekdays. */
export function parseDeliveryDays(text: string): ShipToImport['ranges'] | string {
  const parts = text.split(/[;|\n]/).map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return 'Required: each range and its delivery days, e.g. "DAIR: Tue Fri"';
  const ranges: ShipToImport['ranges'] = [];
  for (const part of parts) {
    const match = /^([A-Za-z]+)\s*[:=]\s*(.+)$/.exec(part);
    const range = RANGES.find((candidate) => candidate === match?.[1]?.toUpperCase());
    if (!match?.[2] || !range) return `'${part}' must be a range (${RANGES.join(' or ')}) then its days, e.g. "DAIR: Tue Fri"`;
    if (ranges.some((known) => known.range === range)) return `Range ${range} is given twice`;
    const days = new Set<number>();
    for (const word of match[2].split(/[\s,]+/).filter(Boolean)) {
      const day = /^[1-7]$/.test(word) ? Number(word) : WEEKDAYS.indexOf(word.slice(0, 3).toLowerCase()) + 1;
      if (day < 1) return `'${word}' is not a weekday (Mon … Sun or 1 … 7)`;
      days.add(day);
    }
    ranges.push({ range, deliveryWeekdays: [...days].sort((a, b) => a - b) });
  }
  return ranges;
}

function readRow(reader: RowReader): CustomerImportRow | undefined {
  const record = reader.oneOf('record', RECORDS);
  if (record === 'soldTo') {
    const code = reader.code('code');
    const name = reader.text('name', { max: 120 });
    return code && name && reader.problems.length === 0 ? { record, code, name } : undefined;
  }
  if (record === 'shipTo') {
    const code = reader.code('code');
    const name = reader.text('name', { max: 120 });
    const soldToCode = reader.code('soldTo');
    const addressLine1 = reader.text('address', { max: 200 });
    const town = reader.text('town', { max: 80 });
    const postcode = reader.text('postcode', { max: 12 });
    const cutoffTime = reader.text('cutoff', { max: 5, optional: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, patternHint: 'Must be a time of day HH:MM (Europe/London), e.g. 14:00' }) ?? '14:00';
    const purchaseOrderRequired = reader.boolean('poRequired', false);
    const days = parseDeliveryDays(reader.text('deliveryDays', { max: 200, optional: true }) ?? '');
    if (typeof days === 'string') reader.problem('deliveryDays', days);
    if (reader.problems.length > 0 || typeof days === 'string' || !code || !name || !soldToCode || !addressLine1 || !town || !postcode || purchaseOrderRequired === undefined) return undefined;
    return { record, code, name, soldToCode, addressLine1, town, postcode, cutoffTime, purchaseOrderRequired, ranges: days };
  }
  if (record === 'user') {
    const username = reader.text('email', { max: 254, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, patternHint: 'Must be an e-mail address' })?.toLowerCase();
    const customerId = reader.code('customerId');
    const name = reader.text('name', { max: 120 });
    const status = reader.oneOf('status', ['active', 'disabled'] as const, 'active');
    const shipToCodes = reader.list('shipTos');
    const password = reader.text('password', { max: 1024, optional: true });
    if (password !== undefined && password.length < 10) reader.problem('password', 'At least 10 characters');
    if (reader.problems.length > 0 || !username || !customerId || !name || !status) return undefined;
    return { record, username, customerId, name, status, shipTos: [...new Set(shipToCodes)], ...(password ? { password } : {}) };
  }
  return undefined;
}

type Located<T> = T & { line: number };

async function checkReferences(db: Db, rows: Located<CustomerImportRow>[], problems: ImportProblem[]): Promise<Located<CustomerImportRow>[]> {
  const soldToCodes = new Set([...(await db.select({ code: soldTos.code }).from(soldTos)).map((r) => r.code), ...rows.flatMap((r) => (r.record === 'soldTo' ? [r.code] : []))]);
  const shipToCodes = new Set([...(await db.select({ code: shipTos.code }).from(shipTos)).map((r) => r.code), ...rows.flatMap((r) => (r.record === 'shipTo' ? [r.code] : []))]);
  const userRows = rows.filter((row): row is Located<UserImport> => row.record === 'user');
  const existing = userRows.length === 0 ? [] : await db.select({ username: users.username, customerId: users.customerId }).from(users).where(inArray(users.username, userRows.map((r) => r.username)));
  const existingUsers = new Set(existing.map((row) => row.username));
  const customerIds = userRows.length === 0 ? [] : await db.select({ username: users.username, customerId: users.customerId }).from(users).where(inArray(users.customerId, userRows.map((r) => r.customerId)));
  const customerIdOwner = new Map(customerIds.map((row) => [row.customerId, row.username]));
  return rows.filter((row) => {
    const before = problems.length;
    const problem = (column: string, reason: string) => problems.push({ line: row.line, column, reason });
    if (row.record === 'shipTo' && !soldToCodes.has(row.soldToCode)) problem('soldTo', `Sold-to '${row.soldToCode}' is neither in this file nor known`);
    if (row.record === 'user') {
      const unknown = row.shipTos.find((code) => !shipToCodes.has(code));
      if (unknown) problem('shipTos', `Ship-to '${unknown}' is neither in this file nor known`);
      const owner = customerIdOwner.get(row.customerId);
      if (owner !== undefined && owner !== row.username) problem('customerId', `Customer id '${row.customerId}' belongs to ${owner}`);
      if (!existingUsers.has(row.username) && row.password === undefined) problem('password', 'Required for a new user (never used for an existing one)');
    }
    return problems.length === before;
  });
}

const rangesKey = (ranges: { range: string; deliveryWeekdays: number[] }[]) =>
  JSON.stringify([...ranges].map((r) => [r.range, r.deliveryWeekdays]).sort());

/** Replaces each ship-to's ranges where they differ from the file; answers the ship-tos it changed. */
async function replaceRanges(tx: Tx, rows: ShipToImport[]): Promise<Set<string>> {
  const codes = rows.map((row) => row.code);
  const stored = await tx.select().from(shipToRanges).where(inArray(shipToRanges.shipToCode, codes));
  const storedBy = new Map<string, typeof stored>();
  for (const row of stored) storedBy.set(row.shipToCode, [...(storedBy.get(row.shipToCode) ?? []), row]);
  const changed = rows.filter((row) => rangesKey(row.ranges) !== rangesKey(storedBy.get(row.code) ?? []));
  if (changed.length === 0) return new Set();
  await tx.delete(shipToRanges).where(inArray(shipToRanges.shipToCode, changed.map((row) => row.code)));
  await tx.insert(shipToRanges).values(changed.flatMap((row) => row.ranges.map((range, position) => ({ shipToCode: row.code, position, ...range }))));
  return new Set(changed.map((row) => row.code));
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

async function writeUsers(tx: Tx, rows: UserImport[]): Promise<WriteCounts & { written: Set<string> }> {
  const known = new Set(
    rows.length === 0 ? [] : (await tx.select({ username: users.username }).from(users).where(inArray(users.username, rows.map((r) => r.username)))).map((r) => r.username),
  );
  const values = [];
  for (const row of rows) {
    // Existing users keep their password: the hash below is only used by an insert.
    const passwordHash = !known.has(row.username) && row.password ? await hashPassword(row.password) : sql`'!'`;
    values.push({ username: row.username, customerId: row.customerId, name: row.name, email: row.username, status: row.status, passwordHash });
  }
  return upsertRows(tx, users, values as (typeof users.$inferInsert)[], [users.username], [users.customerId, users.name, users.email, users.status]);
}

/** A user the file disables is signed out too, as when an operator disables them on the customers page. */
async function revokeDisabledUsersTokens(tx: Tx, rows: UserImport[]): Promise<void> {
  const disabled = rows.filter((row) => row.status === 'disabled').map((row) => row.username);
  if (disabled.length === 0) return;
  await tx
    .update(oauthTokens)
    .set({ revokedAt: new Date() })
    .where(and(isNull(oauthTokens.revokedAt), inArray(oauthTokens.userId, tx.select({ id: users.id }).from(users).where(inArray(users.username, disabled)))));
}

/** Merges a record type's counts with the ship-tos or users whose lists changed while their own row did not. */
function withListChanges(counts: WriteCounts & { written: Set<string> }, listChanged: Set<string>): WriteCounts {
  const extra = [...listChanged].filter((key) => !counts.written.has(key)).length;
  return { inserted: counts.inserted, updated: counts.updated + extra, unchanged: counts.unchanged - extra };
}

/** Customers: sold-tos, ship-tos (with ranges, delivery days and cut-off) and users (with their ship-tos), one record per row. */
export const customerImport: ImportKind<CustomerImportRow> = {
  kind: 'customers',
  columns: [
    { name: 'record', required: true, help: 'soldTo, shipTo or user: what the row describes', example: 'shipTo' },
    { name: 'code', required: false, help: 'soldTo, shipTo: its code (the key)', example: '0000410001' },
    { name: 'name', required: true, help: 'Name of the sold-to, ship-to or user', example: 'The Corner Deli, York' },
    { name: 'soldTo', required: false, help: 'shipTo: the sold-to that pays for it', example: '0000100002' },
    { name: 'address', required: false, help: 'shipTo: first line of the delivery address', example: '14 Goodramgate' },
    { name: 'town', required: false, help: 'shipTo: town', example: 'York' },
    { name: 'postcode', required: false, help: 'shipTo: postcode', example: 'YO1 7LQ' },
    { name: 'cutoff', required: false, help: 'shipTo: order cut-off HH:MM (Europe/London) on the working day before delivery; default 14:00', example: '14:00' },
    { name: 'poRequired', required: false, help: 'shipTo: true if orders need a purchase order number; default false', example: 'false' },
    { name: 'deliveryDays', required: false, help: 'shipTo: each range and its delivery days, e.g. "CHIL: Mon Wed; DAIR: Tue Fri"', example: 'DAIR: Tue Fri' },
    { name: 'email', required: false, help: 'user: e-mail address, the sign-in name (the key)', example: 'chef@example.com' },
    { name: 'customerId', required: false, help: 'user: customer id', example: 'C0002001' },
    { name: 'status', required: false, help: 'user: active or disabled; default active', example: 'active' },
    { name: 'shipTos', required: false, help: 'user: the ship-to codes they order for, separated by spaces, first is the default', example: '0000410001' },
    { name: 'password', required: false, help: 'user: first password, at least 10 characters; only for new users, never changes an existing password', example: '' },
  ],
  async check(db, source) {
    const problems: ImportProblem[] = [];
    const read: Located<CustomerImportRow>[] = [];
    for (const row of source) {
      const reader = new RowReader(row);
      const record = readRow(reader);
      problems.push(...reader.problems);
      if (record) read.push({ ...record, line: row.line });
    }
    const unique = refuseDuplicates(read, (row) => (row.record === 'user' ? `user ${row.username}` : `${row.record} ${row.code}`), 'code', problems);
    const rows = await checkReferences(db, unique, problems);
    return { rows: rows.map(({ line: _line, ...row }) => row as CustomerImportRow), problems };
  },
  async write(tx, rows) {
    const sold = rows.filter((row): row is SoldToImport => row.record === 'soldTo');
    const ship = rows.filter((row): row is ShipToImport => row.record === 'shipTo');
    const people = rows.filter((row): row is UserImport => row.record === 'user');
    const soldCounts = await upsertRows(tx, soldTos, sold.map(({ code, name }) => ({ code, name })), [soldTos.code], [soldTos.name]);
    const shipCounts = await upsertRows(
      tx,
      shipTos,
      ship.map(({ record: _record, ranges: _ranges, ...shipTo }) => shipTo),
      [shipTos.code],
      [shipTos.name, shipTos.soldToCode, shipTos.addressLine1, shipTos.town, shipTos.postcode, shipTos.cutoffTime, shipTos.purchaseOrderRequired],
    );
    const shipRanges = ship.length === 0 ? new Set<string>() : await replaceRanges(tx, ship);
    const userCounts = await writeUsers(tx, people);
    await revokeDisabledUsersTokens(tx, people);
    const userLists = people.length === 0 ? new Set<string>() : await replaceUserShipTos(tx, people);
    const parts = [soldCounts, withListChanges(shipCounts, shipRanges), withListChanges(userCounts, userLists)];
    return parts.reduce<WriteCounts>((sum, part) => ({ inserted: sum.inserted + part.inserted, updated: sum.updated + part.updated, unchanged: sum.unchanged + part.unchanged }), { inserted: 0, updated: 0, unchanged: 0 });
  },
};
