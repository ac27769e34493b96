import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creditHolds, orders, shipTos, soldTos, users } from '../db/schema';
import { orderCutoff } from '../orders/order-cutoff';
import { formatLondonIso } from '../time/london-time';
import { creditStanding, type CreditStanding } from './exposure';

/** An order waiting for credit as the back office lists it: why it waits, and the sold-to's credit now. */
export interface QueuedHold {
  code: string;
  soldTo: { code: string; name: string };
  shipTo: { code: string; name: string };
  buyer: { name: string; email: string };
  deliveryDate: string;
  /** The deadline for a decision, ISO 8601 in London's offset. */
  cutoff: string;
  grossPence: number;
  hold: { kind: string; reason: string | null; message: string; heldAt: string };
  /** Null only if the ERP removed the sold-to's credit record since. */
  creditNow: CreditStanding | null;
}

/**
 * Every order waiting for credit, the nearest cut-off first (docs/credit-control.md): the credit team's queue.
 * Each sold-to's credit is read once, however many of its orders wait.
 */
export async function creditHoldQueue(db: Db): Promise<QueuedHold[]> {
  const rows = await db
    .select({
      code: orders.code,
      soldToCode: soldTos.code,
      soldToName: soldTos.name,
      shipToCode: shipTos.code,
      shipToName: shipTos.name,
      cutoffTime: shipTos.cutoffTime,
      buyerName: users.name,
      buyerEmail: users.email,
      deliveryDate: orders.deliveryDate,
      grossPence: orders.grossPence,
      kind: creditHolds.kind,
      reason: creditHolds.reason,
      message: creditHolds.message,
      heldAt: creditHolds.heldAt,
    })
    .from(orders)
    .innerJoin(creditHolds, eq(creditHolds.orderId, orders.id))
    .innerJoin(soldTos, eq(soldTos.code, orders.soldToCode))
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.status, 'awaitingCredit'))
    .orderBy(asc(orders.deliveryDate), asc(orders.id));
  const standings = new Map<string, CreditStanding | null>();
  for (const soldTo of new Set(rows.map((row) => row.soldToCode))) standings.set(soldTo, (await creditStanding(db, soldTo)) ?? null);
  return rows.map((row) => ({
    code: row.code,
    soldTo: { code: row.soldToCode, name: row.soldToName },
    shipTo: { code: row.shipToCode, name: row.shipToName },
    buyer: { name: row.buyerName, email: row.buyerEmail },
    deliveryDate: row.deliveryDate,
    cutoff: formatLondonIso(orderCutoff(row.deliveryDate, row.cutoffTime)),
    grossPence: row.grossPence,
    hold: { kind: row.kind, reason: row.reason, message: row.message, heldAt: row.heldAt.toISOString() },
    creditNow: standings.get(row.soldToCode) ?? null,
  }));
}
