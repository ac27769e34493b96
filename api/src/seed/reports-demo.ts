import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts, orderLines, orderStatusChanges, orders, users } from '../db/schema';
import { lineAmounts, sumTotals } from '../pricing/money';
import { londonInstant, londonWallClock } from '../time/london-time';
import { DEMO_OPERATOR } from './demo-accounts';
import { generateProduct } from './generate-catalogue';

/**
 * Head office's spend report on a first start (docs/reports.md, README "Demo users"): delivered dairy orders that
 * head@example.com placed for Harbour Hospitality's two sites. All were delivered 92 to 150 days before the first
 * seed: inside the report's default six months whatever the day, and outside the 90 days the order guide's
 * usual items look back over and every check-in window, so the sites' usual items and the tests of them stay as
 * they were. No limit is seeded: a period limit would hold other demo users' orders.
 *
 * Dates are days before an anchor, the day of the first seed, read back from the first order afterwards: a second
 * run writes the same orders on the same days.
 */
export const REPORTS_DEMO = { username: 'head@example.com', soldTo: '0000100001', range: 'DAIR' } as const;
const QUAYSIDE = '0000410002';
const OLD_TOWN = '0000410003';

interface DemoOrder {
  key: string;
  shipTo: string;
  deliveredDaysAgo: number;
  /** Positions in the list of dairy products (dairyProducts below) and cases of each. */
  lines: [number, number][];
}

const ORDERS: DemoOrder[] = [
  { key: 'demo-reports-1', shipTo: QUAYSIDE, deliveredDaysAgo: 150, lines: [[0, 6], [5, 2], [9, 3]] },
  { key: 'demo-reports-2', shipTo: OLD_TOWN, deliveredDaysAgo: 146, lines: [[1, 4], [12, 1]] },
  { key: 'demo-reports-3', shipTo: QUAYSIDE, deliveredDaysAgo: 136, lines: [[0, 5], [3, 2], [14, 2]] },
  { key: 'demo-reports-4', shipTo: OLD_TOWN, deliveredDaysAgo: 129, lines: [[2, 3], [7, 2], [16, 1]] },
  { key: 'demo-reports-5', shipTo: QUAYSIDE, deliveredDaysAgo: 122, lines: [[0, 8], [6, 1], [10, 4]] },
  { key: 'demo-reports-6', shipTo: OLD_TOWN, deliveredDaysAgo: 115, lines: [[1, 5], [11, 2]] },
  { key: 'demo-reports-7', shipTo: QUAYSIDE, deliveredDaysAgo: 108, lines: [[4, 3], [8, 2], [15, 1]] },
  { key: 'demo-reports-8', shipTo: OLD_TOWN, deliveredDaysAgo: 101, lines: [[2, 4], [13, 3]] },
  { key: 'demo-reports-9', shipTo: QUAYSIDE, deliveredDaysAgo: 94, lines: [[0, 6], [9, 2], [17, 2]] },
  { key: 'demo-reports-10', shipTo: OLD_TOWN, deliveredDaysAgo: 92, lines: [[1, 3], [5, 1]] },
];

const DECIDED_BY = `operator:${DEMO_OPERATOR.email}`;
const addDays = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first dairy products of the demo catalogue, in catalogue order: the demo's lines name them by position. */
function dairyProducts(count: number): ReturnType<typeof generateProduct>[] {
  const found: ReturnType<typeof generateProduct>[] = [];
  for (let index = 0; found.length < count; index += 1) {
    const product = generateProduct(index);
    if (product.range === REPORTS_DEMO.range) found.push(product);
  }
  return found;
}

export async function seedReportsDemo(db: Db, now: Date): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, REPORTS_DEMO.username));
  if (!user) throw new Error(`demo user ${REPORTS_DEMO.username} was not written`);
  const products = dairyProducts(1 + Math.max(...ORDERS.flatMap((order) => order.lines.map(([position]) => position))));
  const first = ORDERS[0] as DemoOrder;
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ deliveryDate: orders.deliveryDate }).from(orders).where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, first.key)));
    const anchor = existing ? addDays(existing.deliveryDate, first.deliveredDaysAgo) : londonWallClock(now).date;
    for (const order of ORDERS) {
      const lines = order.lines.map(([position, quantity], lineNumber) => {
        const product = products[position] as (typeof products)[number];
        const amounts = lineAmounts(product.listPricePence, quantity, product.vatRateBp);
        return { lineNumber, productCode: product.code, name: product.name, packSize: product.packSize, unitPricePence: product.listPricePence, vatRateBp: product.vatRateBp, quantity, ...amounts };
      });
      const deliveryDate = addDays(anchor, -order.deliveredDaysAgo);
      const placedDay = addDays(deliveryDate, -2);
      const values = { status: 'delivered' as const, placedAt: londonInstant(placedDay, '09:30'), deliveryDate, shipToCode: order.shipTo, ...sumTotals(lines) };
      const [found] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, order.key)));
      let orderId = found?.id;
      if (orderId !== undefined) await tx.update(orders).set(values).where(eq(orders.id, orderId));
      else {
        const [cart] = await tx
          .insert(carts)
          .values({ code: randomUUID(), userId: user.id, shipToCode: order.shipTo, range: REPORTS_DEMO.range, status: 'ordered', requestedDeliveryDate: deliveryDate })
          .returning({ id: carts.id });
        if (!cart) throw new Error('demo cart insert returned nothing');
        const [written] = await tx
          .insert(orders)
          .values({ code: sql`'MV-' || lpad(nextval('order_number_seq')::text, 6, '0')`, userId: user.id, soldToCode: REPORTS_DEMO.soldTo, range: REPORTS_DEMO.range, sourceCartId: cart.id, idempotencyKey: order.key, ...values })
          .returning({ id: orders.id });
        orderId = written?.id;
        if (orderId === undefined) throw new Error(`demo order ${order.key} was not written`);
        const steps = [
          ['placed', 'confirmed', placedDay, '15:00'],
          ['confirmed', 'picking', addDays(deliveryDate, -1), '22:00'],
          ['picking', 'dispatched', deliveryDate, '05:30'],
          ['dispatched', 'delivered', deliveryDate, '09:40'],
        ] as const;
        await tx.insert(orderStatusChanges).values(steps.map(([fromStatus, toStatus, day, time]) => ({ orderId: orderId as number, fromStatus, toStatus, changedBy: DECIDED_BY, changedAt: londonInstant(day, time) })));
      }
      for (const line of lines) {
        const row = { ...line, orderId, deliveredQuantity: line.quantity };
        await tx
          .insert(orderLines)
          .values(row)
          .onConflictDoUpdate({ target: [orderLines.orderId, orderLines.lineNumber], set: row });
      }
    }
  });
}
