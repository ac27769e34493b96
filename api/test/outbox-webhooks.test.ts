import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { outboxMessages } from '../src/db/schema';
import { operatorToken } from './support/admin-client';
import { SOLO, shopper, type Shopper } from './support/cart-helpers';
import { integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { eventually, placeTestOrder } from './support/order-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { TEST_WEBHOOK_SECRET, WebhookReceiver } from './support/webhook-receiver';

/** Short timings so retries and time-outs happen within a test; the defaults are seconds to an hour. */
const fastOutbox = (receiver: WebhookReceiver) => ({
  WEBHOOK_URL: receiver.url,
  WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  OUTBOX_POLL_SECONDS: '0.05',
  OUTBOX_RETRY_BASE_SECONDS: '0.05',
  OUTBOX_RETRY_MAX_SECONDS: '0.2',
  DELIVERY_TIMEOUT_SECONDS: '0.5',
  ...integrationEnv(),
});

const headersOf = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]));

describe('orders out: webhooks from the outbox', () => {
  let receiver: WebhookReceiver;
  let server: TestServer;
  let solo: Shopper;
  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ env: fastOutbox(receiver) });
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

  it('posts order.placed signed as Standard Webhooks says, and the standardwebhooks library verifies it', async () => {
    const order = await placeTestOrder(server, solo, [3, 2], { purchaseOrderNumber: 'PO-HOOK-1' });
    const delivery = await eventually(async () => receiver.received.find((d) => d.body.includes(order.code) && d.status === 204), 'the delivery');
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

  it('retries a receiver answering 500 with growing waits until it answers 2xx, and keeps the order of one order\'s events', async () => {
    let failuresLeft = 4;
    receiver.answer = () => (failuresLeft-- > 0 ? { status: 500 } : { status: 200 });
    const order = await placeTestOrder(server, solo);
    const erp = await integrationToken(server);
    const confirmed = await reportStatus(server, erp, order.code, { status: 'confirmed' });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    await eventually(async () => (acceptedFor(order.code).length === 2 ? true : undefined), 'both events');
    assert.deepEqual(acceptedFor(order.code).map((event) => [event.type, event.data.order.status]), [
      ['order.placed', 'placed'],
      ['order.status_changed', 'confirmed'],
    ]);
    // The status change was never sent before the placed event was through.
    const forOrder = receiver.received.filter((d) => d.body.includes(order.code));
    const firstStatusChange = forOrder.findIndex((d) => d.body.includes('order.status_changed'));
    const lastPlaced = forOrder.map((d) => d.body.includes('"order.placed"')).lastIndexOf(true);
    assert.ok(firstStatusChange > lastPlaced, 'the status change came after the placed event was accepted');
    const placedAttempts = forOrder.filter((d) => d.body.includes('"order.placed"'));
    assert.equal(placedAttempts.length, 5);
    assert.equal(new Set(placedAttempts.map((d) => d.headers['webhook-id'])).size, 1, 'every attempt carries the same webhook-id');
    const [row] = await server.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.orderCode, order.code), eq(outboxMessages.channel, 'webhook'), eq(outboxMessages.type, 'order.placed')));
    assert.equal(row?.attempts, 5);
    assert.ok(row?.deliveredAt);
  });

  it('a receiver slower than the time-out holds up neither checkout nor other orders; the event goes through later', async () => {
    let slowAnswersLeft = 2;
    receiver.answer = ({ body }) => (body.includes('PO-SLOW') && slowAnswersLeft-- > 0 ? { status: 204, delayMs: 5_000 } : { status: 204 });
    const slow = await placeTestOrder(server, solo, [1], { purchaseOrderNumber: 'PO-SLOW' });
    await eventually(async () => receiver.received.find((d) => d.body.includes(slow.code)), 'the slow delivery to start');
    // While the receiver sits on that request, checkout works and another order's event is delivered.
    const next = await placeTestOrder(server, solo, [2]);
    await eventually(async () => (acceptedFor(next.code).length === 1 ? true : undefined), 'the other order\'s event');
    await eventually(async () => (receiver.received.filter((d) => d.body.includes(slow.code)).length >= 3 ? true : undefined), 'the retry after the time-outs');
    const [row] = await eventually(async () => {
      const rows = await server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderCode, slow.code), eq(outboxMessages.channel, 'webhook')));
      return rows[0]?.deliveredAt ? rows : undefined;
    }, 'the slow event delivered');
    assert.equal(row?.attempts, 3);
    assert.equal(row?.lastError, null);
  });

  it('does not follow a redirect: it counts as a failure and the event is retried at the configured address', async () => {
    let redirects = 1;
    receiver.answer = ({ body }) => (body.includes('PO-REDIRECT') && redirects-- > 0 ? { status: 307, location: `${receiver.url}/elsewhere` } : { status: 204 });
    const order = await placeTestOrder(server, solo, [1], { purchaseOrderNumber: 'PO-REDIRECT' });
    await eventually(async () => (acceptedFor(order.code).length === 1 ? true : undefined), 'the delivery after the redirect');
    const forOrder = receiver.received.filter((d) => d.body.includes(order.code));
    assert.deepEqual(forOrder.map((d) => [d.path, d.status]), [
      ['/hooks/orders', 307],
      ['/hooks/orders', 204],
    ]);
  });

  it('shows events that keep failing to operators, who can retry one at once', async () => {
    receiver.answer = ({ body }) => (body.includes('PO-FAILING') ? { status: 503 } : { status: 204 });
    const order = await placeTestOrder(server, solo, [1], { purchaseOrderNumber: 'PO-FAILING' });
    const operator = await operatorToken(server);
    const failing = await eventually(async () => {
      const body = (await (await server.request('/admin/v1/outbox', { token: operator })).json()) as {
        failing: { id: number; orderCode: string; channel: string; attempts: number; lastError: string }[];
        backlog: { channel: string; waiting: number; failing: number }[];
      };
      return body.failing.find((message) => message.orderCode === order.code) ? body : undefined;
    }, 'the event listed as failing');
    const listed = failing.failing.find((message) => message.orderCode === order.code);
    assert.equal(listed?.channel, 'webhook');
    assert.ok((listed?.attempts ?? 0) >= 3);
    assert.equal(listed?.lastError, 'receiver answered 503');
    // The backlog counts it too (read again: the list's first read may have raced the third attempt).
    const again = (await (await server.request('/admin/v1/outbox', { token: operator })).json()) as { backlog: { channel: string; failing: number }[] };
    assert.ok((again.backlog.find((b) => b.channel === 'webhook')?.failing ?? 0) >= 1);

    // As after hours of failures, the next attempt is far away; the receiver is fixed; the operator retries.
    // Only while no attempt is in flight: one finishing later would set its own next attempt.
    await eventually(async () => {
      const parked = await server.database.db
        .update(outboxMessages)
        .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
        .where(and(eq(outboxMessages.id, listed?.id ?? 0), isNull(outboxMessages.leasedUntil)))
        .returning({ id: outboxMessages.id });
      return parked.length === 1 ? true : undefined;
    }, 'the message parked between attempts');
    receiver.answer = () => ({ status: 204 });
    const customer = await server.request(`/admin/v1/outbox/${listed?.id}/retry`, { method: 'POST', token: solo.token });
    assert.equal(customer.status, 403);
    const retried = await server.request(`/admin/v1/outbox/${listed?.id}/retry`, { method: 'POST', token: operator });
    assert.equal(retried.status, 200);
    await eventually(async () => (acceptedFor(order.code).length === 1 ? true : undefined), 'the retried delivery');
    const retriedAgain = await server.request(`/admin/v1/outbox/${listed?.id}/retry`, { method: 'POST', token: operator });
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
    const first = await startTestServer({ env: fastOutbox(receiver) });
    const solo = await shopper(first, SOLO);
    const order = await placeTestOrder(first, solo);
    await eventually(async () => {
      const rows = await first.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderCode, order.code), eq(outboxMessages.channel, 'webhook')));
      return (rows[0]?.attempts ?? 0) >= 2 ? true : undefined;
    }, 'failed attempts against the receiver that is down');
    await first.app.close();

    const revived = await new WebhookReceiver().start(port);
    const second = await startTestServer({ database: first.database, env: fastOutbox(revived) });
    try {
      await eventually(async () => (revived.accepted().some((event) => event.data.order.code === order.code) ? true : undefined), 'delivery by the new process');
      // A few more passes of the dispatcher must not send it again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(revived.accepted().filter((event) => event.data.order.code === order.code).length, 1);
    } finally {
      await second.close();
      await revived.stop();
    }
  });

  it('a graceful stop finishes the delivery in flight and records it, so the next process does not send it again', async () => {
    const receiver = await new WebhookReceiver().start();
    receiver.answer = () => ({ status: 204, delayMs: 300 });
    // A time-out well above the receiver's 300 ms, so a loaded machine cannot turn the answer into a failure.
    const first = await startTestServer({ env: { ...fastOutbox(receiver), DELIVERY_TIMEOUT_SECONDS: '10' } });
    const solo = await shopper(first, SOLO);
    const order = await placeTestOrder(first, solo);
    await eventually(async () => receiver.received.find((d) => d.body.includes(order.code)), 'the delivery to start');
    await first.app.close();
    const [row] = await first.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderCode, order.code), eq(outboxMessages.channel, 'webhook')));
    assert.ok(row?.deliveredAt, 'recorded as delivered before the process let go');

    const second = await startTestServer({ database: first.database, env: { ...fastOutbox(receiver), DELIVERY_TIMEOUT_SECONDS: '10' } });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(receiver.received.filter((d) => d.body.includes(order.code)).length, 1);
    } finally {
      await second.close();
      await receiver.stop();
    }
  });
});
