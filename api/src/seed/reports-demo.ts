import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, users } from '../db/schema';
import { londonWallClock } from '../time/london-time';
import { addIsoDays, rangeProducts, writeDeliveredDemoOrder, type DemoProduct } from './demo-orders';

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

export async function seedReportsDemo(db: Db, now: Date): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, REPORTS_DEMO.username));
  if (!user) throw new Error(`demo user ${REPORTS_DEMO.username} was not written`);
  const products = rangeProducts(REPORTS_DEMO.range, 1 + Math.max(...ORDERS.flatMap((order) => order.lines.map(([position]) => position))));
  const first = ORDERS[0] as DemoOrder;
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ deliveryDate: orders.deliveryDate }).from(orders).where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, first.key)));
    const anchor = existing ? addIsoDays(existing.deliveryDate, first.deliveredDaysAgo) : londonWallClock(now).date;
    for (const order of ORDERS) {
      const deliveryDate = addIsoDays(anchor, -order.deliveredDaysAgo);
      await writeDeliveredDemoOrder(tx, {
        key: order.key,
        userId: user.id,
        soldTo: REPORTS_DEMO.soldTo,
        shipTo: order.shipTo,
        range: REPORTS_DEMO.range,
        deliveryDate,
        placedDay: addIsoDays(deliveryDate, -2),
        lines: order.lines.map(([position, quantity]) => [products[position] as DemoProduct, quantity]),
      });
    }
  });
}
