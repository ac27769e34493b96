import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { outboxMessages } from '../src/db/schema';
import { operatorToken } from './support/admin-client';
import { SOLO, shopper, type Shopper } from './support/cart-helpers';
import { integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { placeTestOrder } from './support/order-helpers';
import { dispatch, makeDue, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { TEST_WEBHOOK_SECRET, WebhookReceiver } from './support/webhook-receiver';

/** Deliveries on demand (support/outbox-helpers.ts); a receiver on this machine, which only tests may use. */
const outboxEnv = (receiver: WebhookReceiver) => ({
  WEBHOOK_URL: receiver.url,
  WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  WEBHOOK_ALLOW_PRIVATE: 'true',
  DELIVERY_TIMEOUT_SECONDS: '0.5',
  ...ON_DEMAND_OUTBOX,
  ...integrationEnv(),
});

const headersOf = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]));

const webhookRow = async (server: TestServer, code: string, type = 'order.placed') => {
  const [row] = await server.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.orderingKey, code), eq(outboxMessages.channel, 'webhook'), eq(outboxMessages.type, type)));
  assert.ok(row, `the ${type} webhook message of ${code}`);
  return row;
};

describe('orders out: webhooks from the outbox', () => {
  let receiver: WebhookReceiver;
  let server: TestServer;
  let solo: Shopper;
  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ env: outboxEnv(receiver) });
    solo = await shopper(server, SOLO);
  });
  afterEach(() => {
    receiver.answer = () => ({ status: 204 });
  });
  after(async () => {
    await server.close();
    await receiver.stop();
  });

  const acceptedFor = (code: string) => receiver.accepted().filter((event) => event.data.order.code === code);

  it('posts order.placed as soon as it is committed (no timer is due), signed as Standard Webhooks says', async () => {
    const order = await placeTestOrder(server, solo, [3, 2], { purchaseOrderNumber: 'PO-HOOK-1' });
    // Nothing asks for a pass: the commit's notification wakes the dispatcher.
    const delivery = await receiver.arrival((d) => d.body.includes(order.code));
    assert.equal(delivery.status, 204);
    assert.match(String(delivery.headers['webhook-id']), /^msg_[0-9a-f]{32}$/);
    assert.match(String(delivery.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/);
    assert.equal(delivery.headers['content-type'], 'application/json');
    const verified = new Webhook(TEST_WEBHOOK_SECRET).verify(delivery.body, headersOf(delivery.headers)) as {
      type: string;
      data: { order: { code: string; purchaseOrderNumber: string; lines: { quantity: number }[]; grossPence: number; placedBy: { email: string } } };
    };
    assert.equal(verified.type, 'order.placed');
    assert.equal(verified.data.order.code, order.code);
    assert.equal(verified.data.order.purchaseOrderNumber, 'PO-HOOK-1');
    assert.deepEqual(verified.data.order.lines.map((line) => line.quantity), [3, 2]);
    assert.equal(verified.data.order.placedBy.email, SOLO.username);
    // A body changed on the way, or another secret, fails verification.
    assert.throws(() => new Webhook(TEST_WEBHOOK_SECRET).verify(delivery.body.replace(order.code, 'MV-999999'), headersOf(delivery.headers)));
    const otherSecret = `whsec_${Buffer.from('another-secret-of-some-other-shop-000').toString('base64')}`;
    assert.throws(() => new Webhook(otherSecret).verify(delivery.body, headersOf(delivery.headers)));
  });

  it("retries a receiver answering 500 with growing waits until it answers 2xx, and keeps the order of one order's events", async () => {
    let failuresLeft = 4;
    receiver.answer = ({ body }) => (body.includes('PO-RETRY') && failuresLeft-- > 0 ? { status: 500 } : { status: 200 });
    const order = await placeTestOrder(server, solo, [1], { purchaseOrderNumber: 'PO-RETRY' });
    const erp = await integrationToken(server);
    const confirmed = await reportStatus(server, erp, order.code, { status: 'confirmed' });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      // The first attempt is due at once (the commit may already have woken a pass); later ones after their wait.
      if (attempt > 1) await makeDue(server);
      await dispatch(server);
      const row = await webhookRow(server, order.code);
      assert.equal(row.attempts, attempt);
      assert.equal(row.deliveredAt, null);
      assert.equal(row.lastError, 'receiver answered 500');
      assert.ok(row.lastAttemptAt);
      waits.push(row.nextAttemptAt.getTime() - row.lastAttemptAt.getTime());
    }
    // Equal jitter on a 10 s base: attempt n waits between 10 s × 2^(n-1) / 2 and 10 s × 2^(n-1).
    waits.forEach((wait, index) => {
      const ceiling = 10_000 * 2 ** index;
      assert.ok(wait >= ceiling / 2 - 1 && wait <= ceiling + 1, `wait ${index + 1} was ${wait} ms`);
    });
    assert.equal(acceptedFor(order.code).length, 0, 'the status change waits behind the undelivered placed event');

    await makeDue(server);
    await dispatch(server);
    assert.deepEqual(acceptedFor(order.code).map((event) => [event.type, event.data.order.status]), [
      ['order.placed', 'placed'],
      ['order.status_changed', 'confirmed'],
    ]);
    const forOrder = receiver.received.filter((d) => d.body.includes(order.code));
    const firstStatusChange = forOrder.findIndex((d) => d.body.includes('order.status_changed'));
    const lastPlaced = forOrder.map((d) => d.body.includes('"order.placed"')).lastIndexOf(true);
    assert.ok(firstStatusChange > lastPlaced, 'the status change came after the placed event was accepted');
    const placedAttempts = forOrder.filter((d) => d.body.includes('"order.placed"'));
    assert.equal(placedAttempts.length, 5);
    assert.equal(new Set(placedAttempts.map((d) => d.headers['webhook-id'])).size, 1, 'every attempt carries the same webhook-id');
    const row = await webhookRow(server, order.code);
    assert.equal(row.attempts, 5);
    assert.ok(row.deliveredAt);
  });

  it('a receiver slower than the time-out holds up neither checkout nor other orders; the event goes through later', async () => {
    let slowAnswersLeft = 1;
    receiver.answer = ({ body }) => (body.includes('PO-SLOW') && slowAnswersLeft-- > 0 ? { status: 204, delayMs: 5_000 } : { status: 204 });
    const slow = await placeTestOrder(server, solo, [1], { purchaseOrderNumber: 'PO-SLOW' });
    await receiver.arrival((d) => d.body.includes(slow.code));
    // While the receiver sits on that request, checkout works and another order's event is delivered.
    const next = await placeTestOrder(server, solo, [2]);
    await dispatch(server);
    assert.equal(acceptedFor(next.code).length, 1);
    const timedOut = await webhookRow(server, slow.code);
    assert.equal(timedOut.attempts, 1);
    assert.equal(timedOut.deliveredAt, null);
    assert.match(timedOut.lastError ?? '', /timeout|abort/i);

    await makeDue(server);
    await dispatch(server);
    const delivered = await webhookRow(server, slow.code);
    assert.ok(delivered.deliveredAt);
    assert.equal(delivered.attempts, 2);
    assert.equal(delivered.lastError, null);
  });

  it('does not follow a redirect: it counts as a failure and the event is retried at the configured address', async () => {
    let redirects = 1;
    receiver.answer = ({ body }) => (body.includes('PO-REDIRECT') && redirects-- > 0 ? { status: 307, location: `${receiver.url}/elsewhere` } : { status: 204 });
    const order = await placeTestOrder(server, solo, [1], { purchaseOrderNumber: 'PO-REDIRECT' });
    await dispatch(server);
    await makeDue(server);
    await dispatch(server);
    assert.equal(acceptedFor(order.code).length, 1);
    const forOrder = receiver.received.filter((d) => d.body.includes(order.code));
    assert.deepEqual(forOrder.map((d) => [d.path, d.status]), [
      ['/hooks/orders', 307],
      ['/hooks/orders', 204],
    ]);
  });

  it('shows events that keep failing to operators, whose "retry now" wakes the dispatcher at once', async () => {
    receiver.answer = ({ body }) => (body.includes('PO-FAILING') ? { status: 503 } : { status: 204 });
    const order = await placeTestOrder(server, solo, [1], { purchaseOrderNumber: 'PO-FAILING' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) await makeDue(server);
      await dispatch(server);
    }
    const operator = await operatorToken(server);
    const body = (await (await server.request('/admin/v1/outbox', { token: operator })).json()) as {
      failing: { id: number; key: string; channel: string; attempts: number; lastError: string }[];
      backlog: { channel: string; waiting: number; failing: number }[];
    };
    const listed = body.failing.find((message) => message.key === order.code);
    assert.ok(listed, 'the event listed as failing');
    assert.equal(listed.channel, 'webhook');
    assert.equal(listed.attempts, 3);
    assert.equal(listed.lastError, 'receiver answered 503');
    assert.ok((body.backlog.find((b) => b.channel === 'webhook')?.failing ?? 0) >= 1);

    // As after hours of failures, the next attempt is far away; the receiver is fixed; the operator retries.
    await server.database.db.update(outboxMessages).set({ nextAttemptAt: new Date(Date.now() + 3_600_000) }).where(eq(outboxMessages.id, listed.id));
    receiver.answer = () => ({ status: 204 });
    const customer = await server.request(`/admin/v1/outbox/${listed.id}/retry`, { method: 'POST', token: solo.token });
    assert.equal(customer.status, 403);
    const retried = await server.request(`/admin/v1/outbox/${listed.id}/retry`, { method: 'POST', token: operator });
    assert.equal(retried.status, 200);
    // No pass is asked for: the retry's commit wakes the dispatcher.
    const delivery = await receiver.arrival((d) => d.body.includes(order.code) && d.status === 204);
    assert.ok(delivery);
    await dispatch(server);
    const retriedAgain = await server.request(`/admin/v1/outbox/${listed.id}/retry`, { method: 'POST', token: operator });
    assert.equal(retriedAgain.status, 404, 'a delivered message cannot be retried');
    const bad = await server.request('/admin/v1/outbox/abc/retry', { method: 'POST', token: operator });
    assert.equal(bad.status, 400);
  });
});

describe('orders out across an API restart', () => {
  it('delivers events written while the receiver was down, once, from the next process', async () => {
    const receiver = await new WebhookReceiver().start();
    const port = receiver.port;
    await receiver.stop();
    const first = await startTestServer({ env: outboxEnv(receiver) });
    const solo = await shopper(first, SOLO);
    const order = await placeTestOrder(first, solo);
    await dispatch(first);
    await makeDue(first);
    await dispatch(first);
    const failed = await webhookRow(first, order.code);
    assert.equal(failed.attempts, 2);
    assert.match(failed.lastError ?? '', /ECONNREFUSED/);
    await first.app.close();

    const revived = await new WebhookReceiver().start(port);
    const second = await startTestServer({ database: first.database, env: outboxEnv(revived) });
    try {
      await makeDue(second);
      await dispatch(second);
      assert.equal(revived.accepted().filter((event) => event.data.order.code === order.code).length, 1);
      // More passes must not send it again.
      await makeDue(second);
      await dispatch(second);
      await dispatch(second);
      assert.equal(revived.received.filter((d) => d.body.includes(order.code)).length, 1);
    } finally {
      await second.close();
      await revived.stop();
    }
  });

  it('a graceful stop finishes the delivery in flight and records it, so the next process does not send it again', async () => {
    const receiver = await new WebhookReceiver().start();
    receiver.answer = () => ({ status: 204, delayMs: 300 });
    // A time-out well above the receiver's 300 ms, so a loaded machine cannot turn the answer into a failure.
    const env = { ...outboxEnv(receiver), DELIVERY_TIMEOUT_SECONDS: '10' };
    const first = await startTestServer({ env });
    const solo = await shopper(first, SOLO);
    const order = await placeTestOrder(first, solo);
    await receiver.arrival((d) => d.body.includes(order.code));
    // The receiver has the request and answers 300 ms later: closing now must wait for that answer.
    await first.app.close();
    const row = await webhookRow(first, order.code);
    assert.ok(row.deliveredAt, 'recorded as delivered before the process let go');

    const second = await startTestServer({ database: first.database, env });
    try {
      await makeDue(second);
      await dispatch(second);
      assert.equal(receiver.received.filter((d) => d.body.includes(order.code)).length, 1);
    } finally {
      await second.close();
      await receiver.stop();
    }
  });
});
