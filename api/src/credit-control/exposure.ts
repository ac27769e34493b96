import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { creditAccounts, invoices, orders } from '../db/schema';
import { SPENDING_STATUSES } from '../order-status/order-status';

/** A sold-to's credit as the ERP set it, and what it owes and has on order now (docs/credit-control.md). */
export interface CreditStanding {
  limitPence: number;
  onHold: boolean;
  reason: string | null;
  /** Unpaid invoices plus placed orders not yet invoiced, VAT included. */
  exposurePence: number;
  /** The limit less the exposure; below zero when the sold-to is already over its limit. */
  availablePence: number;
}

/**
 * The sold-to's credit standing in one statement, or undefined when it has no credit record (no limit). The
 * sums read the partial indexes of unpaid invoices and uninvoiced orders (migration 0030), so they cost what
 * is open, not the sold-to's history. `exceptOrderId` leaves out the order being checked: checkout writes it
 * as placed before the policies are asked.
 */
export async function creditStanding(db: DbOrTx, soldTo: string, exceptOrderId?: number): Promise<CreditStanding | undefined> {
  const unpaid = db
    .select({ owed: sql`coalesce(sum(${invoices.grossPence} - ${invoices.paidPence}), 0)` })
    .from(invoices)
    .where(and(eq(invoices.soldToCode, soldTo), eq(invoices.type, 'invoice'), lt(invoices.paidPence, invoices.grossPence)));
  const uninvoiced = db
    .select({ onOrder: sql`coalesce(sum(${orders.grossPence}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.soldToCode, soldTo),
        eq(orders.invoiced, false),
        inArray(orders.status, [...SPENDING_STATUSES]),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    );
  const [row] = await db
    .select({
      limitPence: creditAccounts.limitPence,
      onHold: creditAccounts.onHold,
      reason: creditAccounts.reason,
      exposure: sql<string>`(${unpaid}) + (${uninvoiced})`,
    })
    .from(creditAccounts)
    .where(eq(creditAccounts.soldToCode, soldTo));
  if (!row) return undefined;
  const exposurePence = Number(row.exposure);
  return { limitPence: row.limitPence, onHold: row.onHold, reason: row.reason, exposurePence, availablePence: row.limitPence - exposurePence };
}
