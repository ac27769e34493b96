import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Database } from '../src/db/client';
import { outboxMessages } from '../src/db/schema';
import { ChannelDispatcher, type Deliver } from '../src/outbox/dispatcher';
import { writeEvent } from '../src/outbox/write-event';
import { createTestDatabase } from './support/test-database';

const options = { pollMs: 300_000, leaseMs: 60_000, batchSize: 20, backoff: { baseMs: 10_000, maxMs: 3_600_000 } };

describe('outbox dispatcher', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase({ seed: false });
  });
  after(() => database.close());

  it('settles every delivery of a pass, failed or slow, and stop() returns only once the slow one is recorded', async () => {
    let releaseSlow = () => {};
    let slowStarted = () => {};
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const deliver: Deliver = async (message) => {
      if (message.orderingKey === 'FAILS') throw new Error('receiver answered 500');
      if (message.orderingKey === 'SLOW') {
        slowStarted();
        await new Promise<void>((resolve) => (releaseSlow = resolve));
      }
    };
    // Not started: no pass on a timer or a wake-up, only those asked for.
    const dispatcher = new ChannelDispatcher(database.db, 'mail', deliver, options, Fastify({ logger: false }).log);
    const ids = await database.db.transaction(async (tx) =>
      Promise.all(['FAILS', 'SLOW', 'FAST'].map((key) => writeEvent(tx, { type: 'test.event', key, channels: ['mail'], payload: { key } }))),
    );

    const pass = dispatcher.runPass();
    await started;
    let stopped = false;
    const stopping = dispatcher.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(stopped, false, 'stop waits for the delivery in flight');
    releaseSlow();
    await stopping;

    assert.deepEqual(await pass, { delivered: 2, failed: 1 });
    const rows = await database.db.select().from(outboxMessages).where(inArray(outboxMessages.eventId, ids));
    const byKey = Object.fromEntries(rows.map((row) => [row.orderingKey, row]));
    assert.ok(byKey.SLOW?.deliveredAt, 'the slow delivery is recorded before stop returns');
    assert.ok(byKey.FAST?.deliveredAt);
    assert.equal(byKey.FAILS?.deliveredAt, null);
    assert.equal(byKey.FAILS?.attempts, 1);
    assert.equal(byKey.FAILS?.lastError, 'receiver answered 500');
    assert.deepEqual(await dispatcher.runPass(), { delivered: 0, failed: 0 }, 'a stopped dispatcher claims nothing');
  });
});
