import { inArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { operators, shipTos, soldTos, users } from '../../../../db/schema';
import type { ImportProblem } from '../../import-report';
import type { CustomerImportRow, SoldToImport, UserImport } from './customer-rows';

export type Located<T> = T & { line: number };

/** Why a sold-to's `salesRep` cannot look after it, or undefined when they can. */
function repProblem(row: SoldToImport, rep: { role: string; status: string } | undefined): string | undefined {
  if (!rep) return `'${row.salesRep}' is not an operator`;
  if (rep.role !== 'sales') return `'${row.salesRep}' is ${rep.role}, not a sales operator`;
  if (rep.status !== 'active') return `'${row.salesRep}' is ${rep.status}: only an active sales operator can be assigned customers`;
  return undefined;
}

/**
 * Keeps the rows whose references hold, against the file and the database: a ship-to's sold-to and a user's
 * ship-tos exist, a customer id belongs to no other user, a sold-to's sales rep is an active `sales` operator. A
 * new user needs no password: without one, they are invited (write-users.ts).
 */
export async function checkReferences(db: Db, rows: Located<CustomerImportRow>[], problems: ImportProblem[]): Promise<Located<CustomerImportRow>[]> {
  const soldToCodes = new Set([...(await db.select({ code: soldTos.code }).from(soldTos)).map((r) => r.code), ...rows.flatMap((r) => (r.record === 'soldTo' ? [r.code] : []))]);
  const shipToCodes = new Set([...(await db.select({ code: shipTos.code }).from(shipTos)).map((r) => r.code), ...rows.flatMap((r) => (r.record === 'shipTo' ? [r.code] : []))]);
  const userRows = rows.filter((row): row is Located<UserImport> => row.record === 'user');
  const customerIds = userRows.length === 0 ? [] : await db.select({ username: users.username, customerId: users.customerId }).from(users).where(inArray(users.customerId, userRows.map((r) => r.customerId)));
  const customerIdOwner = new Map(customerIds.map((row) => [row.customerId, row.username]));
  const reps = [...new Set(rows.flatMap((row) => (row.record === 'soldTo' && row.salesRep ? [row.salesRep] : [])))];
  const repRows = reps.length === 0 ? [] : await db.select({ email: operators.email, role: operators.role, status: operators.status }).from(operators).where(inArray(operators.email, reps));
  const repOf = new Map(repRows.map((row) => [row.email, row]));
  return rows.filter((row) => {
    const before = problems.length;
    const problem = (column: string, reason: string) => problems.push({ line: row.line, column, reason });
    if (row.record === 'soldTo' && row.salesRep) {
      const reason = repProblem(row, repOf.get(row.salesRep));
      if (reason) problem('salesRep', reason);
    }
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
