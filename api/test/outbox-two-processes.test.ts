import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import { outboxMessages } from '../src/db/schema';
import { SOLO, shopper } from './support/cart-helpers';
import { integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { placeTestOrder } from './support/order-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { openSameDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { TEST_WEBHOOK_SECRET, WebhookReceiver } from './support/webhook-receiver';
import { onlyOnPostgres } from './support/engines';

describe('orders out with two API processes', { skip: onlyOnPostgres }, () => {
  it('delivers every event exactly once, whichever process picks it up, in order per order', async () => {
    const receiver = await new WebhookReceiver().start();
    // Slow enough answers that both processes are busy at the same time.
    receiver.answer = () => ({ status: 204, delayMs: 30 });
    const env = { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, WEBHOOK_ALLOW_PRIVATE: 'true', ...ON_DEMAND_OUTBOX, ...integrationEnv() };
    const one = await startTestServer({ env });
    const two = await startTestServer({ env, database: await openSameDatabase(one.database) });
    const server = (i: number): TestServer => (i % 2 === 0 ? one : two);
    const waiting = async () =>
      (await one.database.db.select({ id: outboxMessages.id }).from(outboxMessages).where(and(eq(outboxMessages.channel, 'webhook'), isNull(outboxMessages.deliveredAt)))).length;
    try {
      const soloOne = await shopper(one, SOLO);
      const soloTwo = await shopper(two, SOLO);
      const codes: string[] = [];
      for (let i = 0; i < 8; i += 1) codes.push((await placeTestOrder(server(i), i % 2 === 0 ? soloOne : soloTwo, [1])).code);
      // Each order's status change is written by the other process, while its placed event may still be out.
      const tokens = [await integrationToken(one), await integrationToken(two)];
      for (const [i, code] of codes.entries()) {
        const answer = await reportStatus(server(i + 1), tokens[(i + 1) % 2] ?? '', code, { status: 'confirmed' });
        assert.equal(answer.status, 200);
      }
      // Both processes at once, pass after pass: a message leased by one is skipped by the other until
      // delivered, which may make its order's next event due; 16 events need far fewer rounds than this.
      for (let round = 0; round < 20 && (await waiting()) > 0; round++) {
        await Promise.all([dispatch(one), dispatch(two)]);
      }
      assert.equal(await waiting(), 0, 'every webhook message delivered');
      await Promise.all([dispatch(one), dispatch(two)]);
      const ids = receiver.received.map((delivery) => String(delivery.headers['webhook-id']));
      assert.equal(ids.length, new Set(ids).size, 'no event was sent twice');
      const placed = receiver.accepted().filter((event) => event.type === 'order.placed').map((event) => event.data.order.code);
      assert.deepEqual([...placed].sort(), [...codes].sort());
      for (const code of codes) {
        const types = receiver.accepted().filter((event) => event.data.order.code === code).map((event) => event.type);
        assert.deepEqual(types, ['order.placed', 'order.status_changed'], code);
      }
    } finally {
      await two.app.close();
      await two.database.close();
      await one.close();
      await receiver.stop();
    }
  });

  it("an event committed by one process wakes the other's dispatcher too", async () => {
    const receiver = await new WebhookReceiver().start();
    const one = await startTestServer({ env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, WEBHOOK_ALLOW_PRIVATE: 'true', ...ON_DEMAND_OUTBOX } });
    // Process two has no receiver (its webhook events wait in the outbox): only process one can post this one.
    const two = await startTestServer({ env: ON_DEMAND_OUTBOX, database: await openSameDatabase(one.database) });
    try {
      const solo = await shopper(two, SOLO);
      const order = await placeTestOrder(two, solo, [1]);
      const delivery = await receiver.arrival((d) => d.body.includes(order.code));
      assert.equal(delivery.status, 204);
    } finally {
      await two.app.close();
      await two.database.close();
      await one.close();
      await receiver.stop();
    }
  });
});
