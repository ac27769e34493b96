import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { outboxMessages, prices, shipToRanges, shipTos, soldTos, userRoles, users, userShipTos } from '../../src/db/schema';
import { setUserOrderLimit } from '../../src/approvals/user-order-limit';
import { shopper, type Shopper } from './cart-helpers';
import { placeTestOrder } from './order-helpers';
import type { TestServer } from './test-server';

/** A sold-to of the test's own, with one ship-to (DAIR Monday to Saturday, cut-off 12:00) and the prices of Harbour Hospitality. */
export interface TestCompany {
  soldTo: string;
  shipTo: string;
}

export async function createCompany(server: TestServer): Promise<TestCompany> {
  const db = server.database.db;
  const id = randomUUID().replaceAll('-', '').slice(0, 8);
  const soldTo = `S${id}`;
  const shipTo = `T${id}`;
  await db.insert(soldTos).values({ code: soldTo, name: `Test company ${id}` });
  await db.insert(shipTos).values({ code: shipTo, name: `Test kitchen ${id}`, soldToCode: soldTo, addressLine1: '1 Test Street', town: 'Whitby', postcode: 'YO21 1AA', cutoffTime: '12:00' });
  await db.insert(shipToRanges).values({ shipToCode: shipTo, range: 'DAIR', deliveryWeekdays: [1, 2, 3, 4, 5, 6] });
  await db.execute(sql`insert into ${prices} (sold_to_code, product_code, price_pence) select ${soldTo}, product_code, price_pence from ${prices} where sold_to_code = '0000100001'`);
  return { soldTo, shipTo };
}

export interface Person {
  id: number;
  username: string;
  name: string;
  who: Shopper;
}

/** A user of the company, holding its ship-to, with stored roles there; signs in with the demo password. */
export async function createPerson(server: TestServer, company: TestCompany, roles: ('approver' | 'admin')[], name = 'Test person'): Promise<Person> {
  const db = server.database.db;
  const [template] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.username, 'multi@example.com'));
  assert.ok(template);
  const username = `${randomUUID().slice(0, 12)}@example.com`;
  const [created] = await db
    .insert(users)
    .values({ username, email: username, name, customerId: `C-${randomUUID().slice(0, 12)}`, passwordHash: template.passwordHash })
    .returning({ id: users.id });
  assert.ok(created);
  await db.insert(userShipTos).values({ userId: created.id, shipToCode: company.shipTo });
  if (roles.length > 0) await db.insert(userRoles).values(roles.map((role) => ({ userId: created.id, soldToCode: company.soldTo, role })));
  const who = await shopper(server, { username, shipTo: company.shipTo, salesOrg: 'DAIR' });
  return { id: created.id, username, name, who };
}

/**
 * A held order of the buyer for the first delivery date: the buyer gets an order limit of £1.00 (their own
 * orderThreshold), so checkout holds the order over it.
 */
export async function holdTestOrder(server: TestServer, buyer: Person, company: TestCompany): Promise<{ code: string; deliveryDate: string; netPence: number }> {
  await setUserOrderLimit(server.database.db, company.soldTo, buyer.id, 100);
  const placed = (await placeTestOrder(server, buyer.who)) as unknown as { code: string; status: string; deliveryDate: string; subTotal: { valuePence: number } };
  assert.equal(placed.status, 'pendingApproval');
  return { code: placed.code, deliveryDate: placed.deliveryDate, netPence: placed.subTotal.valuePence };
}

/** The events written for an order, by type, oldest first. */
export async function eventsOf(server: TestServer, code: string, type?: string): Promise<{ type: string; channel: string; data: Record<string, unknown> }[]> {
  const rows = await server.database.db
    .select({ type: outboxMessages.type, channel: outboxMessages.channel, payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.orderingKey, code), type === undefined ? undefined : eq(outboxMessages.type, type)))
    .orderBy(outboxMessages.id);
  return rows.map((row) => ({ type: row.type, channel: row.channel, data: (row.payload as { data: Record<string, unknown> }).data }));
}
