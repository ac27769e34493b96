import assert from 'node:assert/strict';
import { and, eq, like } from 'drizzle-orm';
import { orders, outboxMessages } from '../../src/db/schema';
import type { Json, Shopper } from './cart-helpers';
import type { TestServer } from './test-server';

export interface DeliveryJson {
  date: string;
  movedFrom: string | null;
  cutoff: string;
  state: string;
  orderCode: string | null;
  changed: boolean;
  problem: string | null;
}

export interface StandingOrderJson {
  code: string;
  name: string;
  status: string;
  weekdays: number[];
  lines: { quantity: number; product: { code: string; price: { valuePence: number } } }[];
  nextDeliveries: DeliveryJson[];
}

/** Runs the standing-order scheduler of one server now (test-only route), answering what it did. */
export async function runScheduler(server: TestServer): Promise<{ reminders: number; placed: number; failed: number }> {
  const answer = await server.request('/test/standing-orders/run', { method: 'POST' });
  const body = (await answer.json()) as { reminders: number; placed: number; failed: number };
  assert.equal(answer.status, 200, JSON.stringify(body));
  return body;
}

/** Saves the active cart under a name; answers its code. */
export async function saveActiveCart(who: Shopper, name: string): Promise<string> {
  const saved = await who.call('PATCH', `/users/current/carts/active/save?saveCartName=${encodeURIComponent(name)}`);
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  return (saved.body.savedCartData as { code: string }).code;
}

export async function createStandingOrder(who: Shopper, body: Record<string, unknown>): Promise<StandingOrderJson> {
  const created = await who.call('POST', '/users/current/standingorders', { body });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body as unknown as StandingOrderJson;
}

export function errorOf(answer: Json): { subject?: string; message: string; reason?: string } {
  const error = answer.body.errors?.[0];
  assert.ok(error, `expected an error, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return error;
}

/** The reminder mails queued for a standing order's deliveries, by their ordering key (code/date). */
export async function queuedReminders(server: TestServer, code: string): Promise<{ key: string }[]> {
  return server.database.db
    .select({ key: outboxMessages.orderingKey })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.type, 'standing_order.reminder'), like(outboxMessages.orderingKey, `${code}/%`)));
}

/** The orders placed for a standing order's deliveries, by their idempotency key. */
export async function standingOrdersPlaced(server: TestServer, code: string): Promise<{ code: string; deliveryDate: string }[]> {
  return server.database.db
    .select({ code: orders.code, deliveryDate: orders.deliveryDate })
    .from(orders)
    .where(like(orders.idempotencyKey, `standing-order:${code}:%`));
}
