import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { SOLO, shopper } from './support/cart-helpers';
import { placeTestOrder } from './support/order-helpers';
import { ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { TEST_WEBHOOK_SECRET, WebhookReceiver } from './support/webhook-receiver';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The server processes of the test database that last ran LISTEN: the connections kept for notifications. */
async function listeningBackends(server: TestServer): Promise<number[]> {
  const result = (await server.database.db.execute(sql`
    select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`)) as unknown as { rows: { pid: number }[] };
  return result.rows.map((row) => row.pid);
}

describe('outbox wake-ups on PostgreSQL', { skip: onPostgres ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL)' }, () => {
  it('shares the one listening connection of the process with the search index, and listens again after losing it', async () => {
    const receiver = await new WebhookReceiver().start();
    const server = await startTestServer({ env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, WEBHOOK_ALLOW_PRIVATE: 'true', ...ON_DEMAND_OUTBOX } });
    try {
      const listening = await listeningBackends(server);
      assert.equal(listening.length, 1, 'one connection listens for the search index and the outbox');
      // As a database restart would: the listening connection ends.
      await server.database.db.execute(sql`select pg_terminate_backend(${listening[0]})`);
      const solo = await shopper(server, SOLO);
      // Whenever the outbox listens again it wakes the dispatcher for what it missed, and commits after that
      // wake it too: the order is posted without a pass being asked for (the timer is minutes away).
      const order = await placeTestOrder(server, solo, [1]);
      await receiver.arrival((d) => d.body.includes(order.code));
      const later = await placeTestOrder(server, solo, [1]);
      await receiver.arrival((d) => d.body.includes(later.code));
      assert.equal((await listeningBackends(server)).length, 1);
    } finally {
      await server.close();
      await receiver.stop();
    }
  });
});
