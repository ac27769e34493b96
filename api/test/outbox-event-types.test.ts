import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { mailMessages, outboxMessages } from '../src/db/schema';
import { EventTypes } from '../src/outbox/event-types';
import { writeEvent } from '../src/outbox/write-event';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { startTestServer, type TestServer } from './support/test-server';

const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });

describe('outbox event types: registered by their modules at start-up', () => {
  it('refuses a type registered twice, or sent by mail without a template', () => {
    const types = new EventTypes();
    types.registerEventType({ type: 'test.one', channels: ['mail'], mail: () => mail('a@example.com') });
    assert.throws(() => types.registerEventType({ type: 'test.one', channels: ['mail'], mail: () => mail('a@example.com') }), /test\.one is registered twice/);
    assert.throws(() => types.registerEventType({ type: 'test.two', channels: ['webhook', 'mail'] }), /test\.two goes to mail but has no mail template/);
  });

  it('each app has its own registry: a type registered in one is unknown to another', () => {
    const first = new EventTypes();
    const second = new EventTypes();
    first.registerEventType({ type: 'test.own', channels: ['mail'], mail: () => mail('a@example.com') });
    assert.ok(first.forDelivery('test.own', 'mail').mail);
    assert.throws(() => second.forDelivery('test.own', 'mail'), /no event type test\.own is registered in this process/);
    assert.throws(() => first.forDelivery('test.own', 'webhook'), /event type test\.own is not delivered by webhook/);
  });
});

describe('outbox dispatch of event types', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: ON_DEMAND_OUTBOX });
  });
  after(() => server.close());

  const rowOf = async (eventId: string) => {
    const [row] = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.eventId, eventId));
    assert.ok(row);
    return row;
  };

  it('an event of a type nobody registered is a failed attempt with the reason on the message, not a crash; it holds back its key', async () => {
    const [unknown, behind] = await server.database.db.transaction(async (tx) => [
      await writeEvent(tx, { type: 'test.nobody', key: 'K-1', channels: ['mail'], payload: { hello: 'world' } }),
      await writeEvent(tx, { type: 'standing_order.reminder', key: 'K-1', channels: ['mail'], payload: {} }),
    ]);
    // The commit may wake a pass that gets there first; either way, after this one the attempt has been made.
    await dispatch(server);
    const failed = await rowOf(unknown);
    assert.equal(failed.attempts, 1);
    assert.equal(failed.deliveredAt, null);
    assert.equal(failed.lastError, 'no event type test.nobody is registered in this process');
    assert.equal((await rowOf(behind)).attempts, 0, 'the next event of its key waits');
    // The process carries on.
    assert.equal((await server.request('/health/ready')).status, 200);
  });

  it("writes the registered type's mail: order events and reminders are registered by their modules", async () => {
    const eventId = await server.database.db.transaction((tx) =>
      writeEvent(tx, {
        type: 'standing_order.reminder',
        key: 'SO-TEST/2026-12-04',
        channels: ['mail'],
        payload: {
          standingOrder: { code: 'SO-TEST', name: 'Test order' },
          deliveryDate: '2026-12-04',
          movedFrom: null,
          cutoff: '2026-12-03T14:00:00+00:00',
          shipTo: { code: '0000100002', name: 'Solo' },
          recipient: { name: 'Sam', email: 'sam@example.com' },
          lines: [],
          unavailable: [],
          netPence: 0,
          vatPence: 0,
          grossPence: 0,
        },
      }),
    );
    await dispatch(server);
    assert.ok((await rowOf(eventId)).deliveredAt);
    const [stored] = await server.database.db.select().from(mailMessages).where(eq(mailMessages.eventId, eventId));
    assert.equal(stored?.subject, 'Standing order SO-TEST (Test order): delivery Friday 4 December 2026');
    assert.equal(stored?.toAddress, 'sam@example.com');
  });
});
