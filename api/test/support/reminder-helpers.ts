import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { carts, cutoffRemindersSent, mailMessages, orders, shipToRanges, shipTos, userShipTos, users } from '../../src/db/schema';
import { shopper, type Shopper } from './cart-helpers';
import type { TestServer } from './test-server';

export interface Kitchen {
  shipTo: string;
  soldTo: string;
  range: 'DAIR';
  /** The kitchen's users, each signing in with the demo password; their e-mail is their username. */
  users: { username: string; userId: number }[];
}

let next = 0;

/**
 * A ship-to of its own (Northern Fresh's sold-to, or `soldTo`), receiving DAIR on `weekdays` with a `cutoffTime` cut-off, and
 * `people` users who order only for it: what one test orders or reminds touches no other test's kitchen.
 */
export async function kitchen(server: TestServer, options: { weekdays?: number[]; cutoffTime?: string; people?: number; soldTo?: string } = {}): Promise<Kitchen> {
  const db = server.database.db;
  next++;
  const tag = `${process.pid % 1000}${next}`.padStart(6, '0').slice(-6);
  const code = `0000${tag}`;
  const soldTo = options.soldTo ?? '0000100002';
  await db.insert(shipTos).values({ code, name: `Test Kitchen ${tag}`, soldToCode: soldTo, addressLine1: '1 Test Street', town: 'York', postcode: 'YO1 1AA', cutoffTime: options.cutoffTime ?? '14:00' });
  await db.insert(shipToRanges).values({ shipToCode: code, range: 'DAIR', deliveryWeekdays: options.weekdays ?? [1, 2, 3, 4, 5] });
  const [template] = await db.select().from(users).where(eq(users.username, 'solo@example.com'));
  assert.ok(template);
  const people: Kitchen['users'] = [];
  for (let index = 0; index < (options.people ?? 1); index++) {
    const username = `chef${index}-${tag}-${randomUUID().slice(0, 6)}@example.com`;
    const [created] = await db
      .insert(users)
      .values({ username, customerId: `C-${randomUUID().slice(0, 8)}`, name: `Chef ${index}`, email: username, passwordHash: template.passwordHash })
      .returning({ id: users.id });
    assert.ok(created);
    await db.insert(userShipTos).values({ userId: created.id, shipToCode: code, position: 0 });
    people.push({ username, userId: created.id });
  }
  return { shipTo: code, soldTo, range: 'DAIR', users: people };
}

export const chef = (server: TestServer, place: Kitchen, index = 0): Promise<Shopper> =>
  shopper(server, { username: place.users[index]?.username ?? '', shipTo: place.shipTo, salesOrg: place.range });

/**
 * An order of the kitchen's for a delivery date, written as a row: the orders of weeks gone by that make a
 * usual day (placing them through the API would mean walking the clock back a month for each).
 */
export async function pastOrder(server: TestServer, place: Kitchen, deliveryDate: string, status: (typeof orders.$inferInsert)['status'] = 'delivered', netPence = 1000): Promise<void> {
  const db = server.database.db;
  const userId = place.users[0]?.userId;
  assert.ok(userId);
  const [cart] = await db
    .insert(carts)
    .values({ code: randomUUID(), userId, shipToCode: place.shipTo, range: place.range, status: 'ordered' })
    .returning({ id: carts.id });
  assert.ok(cart);
  await db.insert(orders).values({
    code: `MV-T${randomUUID().slice(0, 8)}`,
    userId,
    shipToCode: place.shipTo,
    soldToCode: place.soldTo,
    range: place.range,
    status,
    deliveryDate,
    netPence,
    vatPence: 0,
    grossPence: netPence,
    sourceCartId: cart.id,
    idempotencyKey: randomUUID(),
  });
}

/** The delivery dates the kitchen was reminded of (cutoff_reminders_sent), in date order. */
export async function remindedDates(server: TestServer, place: Kitchen): Promise<string[]> {
  const rows = await server.database.db
    .select({ date: cutoffRemindersSent.deliveryDate })
    .from(cutoffRemindersSent)
    .where(and(eq(cutoffRemindersSent.shipToCode, place.shipTo), eq(cutoffRemindersSent.range, place.range)))
    .orderBy(asc(cutoffRemindersSent.deliveryDate));
  return rows.map((row) => row.date);
}

/** The cut-off reminder mails in the demo mailbox to one address, oldest first. */
export async function reminderMails(server: TestServer, address: string) {
  const rows = await server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, address)).orderBy(asc(mailMessages.id));
  return rows.filter((row) => row.subject.startsWith('Order by '));
}
