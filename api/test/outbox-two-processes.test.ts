import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import { outboxMessages } from '../src/db/schema';
import { SOLO, shopper } from './support/cart-helpers';
import { integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { eventually, placeTestOrder } from './support/order-helpers';
import { openSameDatabase } from './support/test-database';
import { startTestServer } from './support/test-server';
import { TEST_WEBHOOK_SECRET, WebhookReceiver } from './support/webhook-receiver';

describe('orders out with two API processes', () => {
  it('delivers every event exactly once, whichever process picks it up, in order per order', async () => {
    const receiver = await new WebhookReceiver().start();
    // Slow enough answers that both processes are busy at the same time.
    receiver.answer = () => ({ status: 204, delayMs: 30 });
    const env = {
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      OUTBOX_POLL_SECONDS: '0.02',
      OUTBOX_RETRY_BASE_SECONDS: '0.05',
      OUTBOX_RETRY_MAX_SECONDS: '0.2',
      ...integrationEnv(),
    };
    const one = await startTestServer({ env });
    const two = await startTestServer({ env, database: await openSameDatabase(one.database) });
    try {
      const soloOne = await shopper(one, SOLO);
      const soloTwo = await shopper(two, SOLO);
      const codes: string[] = [];
      for (let i = 0; i < 8; i += 1) codes.push((await placeTestOrder(server(i), i % 2 === 0 ? soloOne : soloTwo, [1])).code);
      function server(i: number) {
        return i % 2 === 0 ? one : two;
      }
      // Each order's status change is written by the other process, while its placed event may still be out.
      const tokens = [await integrationToken(one), await integrationToken(two)];
      for (const [i, code] of codes.entries()) {
        const answer = await reportStatus(server(i + 1), tokens[(i + 1) % 2] ?? '', code, { status: 'confirmed' });
        assert.equal(answer.status, 200);
      }
      await eventually(async () => {
        const waiting = await one.database.db
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(and(eq(outboxMessages.channel, 'webhook'), isNull(outboxMessages.deliveredAt)));
        return waiting.length === 0 ? true : undefined;
      }, 'every webhook message delivered');
      await new Promise((resolve) => setTimeout(resolve, 300));
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
});
