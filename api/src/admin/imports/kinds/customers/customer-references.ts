import { inArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { shipTos, soldTos, users } from '../../../../db/schema';
import type { ImportProblem } from '../../import-report';
import type { CustomerImportRow, UserImport } from './customer-rows';

export type Located<T> = T & { line: number };

/**
 * Keeps the rows whose references hold, against the file and the database: a ship-to's sold-to and a user's
 * ship-tos exist, a customer id belongs to no other user. A new user needs no password: without one, they are
 * invited (write-users.ts).
 */
export async function checkReferences(db: Db, rows: Located<CustomerImportRow>[], problems: ImportProblem[]): Promise<Located<CustomerImportRow>[]> {
  const soldToCodes = new Set([...(await db.select({ code: soldTos.code }).from(soldTos)).map((r) => r.code), ...rows.flatMap((r) => (r.record === 'soldTo' ? [r.code] : []))]);
  const shipToCodes = new Set([...(await db.select({ code: shipTos.code }).from(shipTos)).map((r) => r.code), ...rows.flatMap((r) => (r.record === 'shipTo' ? [r.code] : []))]);
  const userRows = rows.filter((row): row is Located<UserImport> => row.record === 'user');
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
    }
    return problems.length === before;
  });
}
