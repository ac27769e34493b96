import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, users } from '../db/schema';
import { workingDayBefore } from '../delivery/delivery-dates';
import { isoWeekday } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';
import { CALLS_DEMO, SHIP_TOS } from './demo-accounts';
import { addIsoDays, rangeProducts, writeDeliveredDemoOrder } from './demo-orders';

/**
 * The call list on a first start (docs/calls.md, README "Demo users"): market@example.com's two Northern Fresh sites
 * had a delivered order on each of their delivery days of the four weeks before the first seed but one week in
 * four per weekday, so every delivery day is a usual day (3 of the last 4 weeks) and nothing is ordered yet. On
 * a working day before 16:00 (dairy) or 17:00 (chilled) both are on the list of an operator who looks after
 * Northern Fresh; later, and at weekends, today's cut-offs have passed or there are none, and the list says no
 * calls are due. The week after the seed keeps the same pattern (each weekday's skipped week stays the one in four).
 *
 * Dates are days before an anchor, the first seed's day, read back from the order written for the day before it.
 */
const WEEKS = 4;
const KEY = (site: string, daysAgo: number) => `demo-calls-${site}-${daysAgo}`;
const ANCHOR_DAYS_AGO = 28;

/** The week back (1 to 4) an order on `daysAgo` is for the weekday's next delivery; one of the four is skipped. */
const weekBack = (daysAgo: number) => Math.ceil(daysAgo / 7);
const skipped = (date: string, daysAgo: number) => weekBack(daysAgo) === (isoWeekday(date) % WEEKS) + 1;

export async function seedCallsDemo(db: Db, now: Date): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, CALLS_DEMO.username));
  if (!user) throw new Error(`demo user ${CALLS_DEMO.username} was not written`);
  const sites = SHIP_TOS.filter((site) => site.code === CALLS_DEMO.dairySite || site.code === CALLS_DEMO.chilledSite);
  await db.transaction(async (tx) => {
    // A second run finds the anchor from any stored order of the dairy site: its key says how many days before it was delivered.
    const stored = await tx.select({ key: orders.idempotencyKey, deliveryDate: orders.deliveryDate }).from(orders).where(and(eq(orders.userId, user.id), eq(orders.shipToCode, CALLS_DEMO.dairySite)));
    const known = stored.map((row) => ({ daysAgo: Number(/-(\d+)$/.exec(row.key ?? '')?.[1]), deliveryDate: row.deliveryDate })).find((row) => Number.isInteger(row.daysAgo));
    const anchor = known ? addIsoDays(known.deliveryDate, known.daysAgo) : londonWallClock(now).date;
    for (const site of sites) {
      for (const { range, deliveryWeekdays } of site.ranges) {
        const products = rangeProducts(range, 6);
        for (let daysAgo = ANCHOR_DAYS_AGO; daysAgo >= 1; daysAgo -= 1) {
          const deliveryDate = addIsoDays(anchor, -daysAgo);
          if (!deliveryWeekdays.includes(isoWeekday(deliveryDate)) || skipped(deliveryDate, daysAgo)) continue;
          // Cases vary by week, so the last order and the usual value (a median) differ.
          const cases = 2 + ((daysAgo * 3) % 5);
          await writeDeliveredDemoOrder(tx, {
            key: KEY(site.code, daysAgo),
            userId: user.id,
            soldTo: CALLS_DEMO.soldTo,
            shipTo: site.code,
            range,
            deliveryDate,
            placedDay: workingDayBefore(deliveryDate),
            lines: [
              [products[daysAgo % products.length] as (typeof products)[number], cases],
              [products[(daysAgo + 2) % products.length] as (typeof products)[number], 1 + (daysAgo % 3)],
            ],
          });
        }
      }
    }
  });
}
