import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { loggerOptions } from '../src/operations/logger';
import { parseTraceparent } from '../src/tracing/traceparent';
import { fillActiveCart, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { createStandingOrder, runScheduler } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';
import { TEST_WEBHOOK_SECRET, WebhookReceiver } from './support/webhook-receiver';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

interface LogRecord {
  msg?: string;
  reqId?: string;
  traceId?: string;
  jobId?: string;
  req?: { path?: string };
}

/** docs/metrics.md#tracing: request and job ids on every log record, webhook and e-mail they cause. */
describe('request and trace ids', () => {
  let receiver: WebhookReceiver;
  let sink: SmtpSink;
  let server: TestServer;
  let solo: Shopper;
  let log = '';
  const records = (): LogRecord[] => log.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogRecord);
  const ofRequest = (reqId: string) => records().filter((record) => record.reqId === reqId);

  before(async () => {
    receiver = await new WebhookReceiver().start();
    sink = await new SmtpSink().start();
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server = await startTestServer({
      env: {
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        SMTP_URL: sink.url,
        TEST_CLOCK_CONTROL: 'true',
        STANDING_ORDERS_INTERVAL_SECONDS: '0',
        ...ON_DEMAND_OUTBOX,
      },
      logger: loggerOptions('info', 'json', out),
    });
    solo = await shopper(server, SOLO);
  });
  after(async () => {
    await server.close();
    await receiver.stop();
    await sink.stop();
  });

  it("takes the caller's traceparent: every log record of the request carries its trace id", async () => {
    const requestId = `trace-test-${randomUUID()}`;
    const response = await server.request('/health/live', { headers: { traceparent: TRACEPARENT, 'x-request-id': requestId } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-request-id'), requestId);
    const lines = ofRequest(requestId);
    assert.deepEqual(lines.map((record) => record.msg), ['incoming request', 'request completed']);
    for (const record of lines) assert.equal(record.traceId, TRACE_ID);
  });

  it('ignores a malformed or all-zero traceparent: a new trace, never an error', async () => {
    const malformed = [
      'garbage',
      `01-${TRACE_ID}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`,
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID}-${'0'.repeat(16)}-01`,
      `00-${TRACE_ID}-00f067aa0ba902b7-01-extra`,
      `00-${TRACE_ID.slice(1)}-00f067aa0ba902b7-01`,
    ];
    for (const traceparent of malformed) {
      const requestId = `bad-trace-${randomUUID()}`;
      const response = await server.request('/health/live', { headers: { traceparent, 'x-request-id': requestId } });
      assert.equal(response.status, 200, traceparent);
      const [record] = ofRequest(requestId);
      assert.ok(record, traceparent);
      assert.match(record.traceId ?? '', /^[0-9a-f]{32}$/, traceparent);
      assert.notEqual(record.traceId, TRACE_ID, traceparent);
    }
    // Without one, each request starts a trace of its own.
    const ids = await Promise.all(
      [1, 2].map(async () => {
        const requestId = `no-trace-${randomUUID()}`;
        await server.request('/health/live', { headers: { 'x-request-id': requestId } });
        return ofRequest(requestId)[0]?.traceId;
      }),
    );
    assert.ok(ids[0] && ids[1] && ids[0] !== ids[1]);
  });

  it('an order placed in a traced request: its webhook and its e-mail carry the request id and the trace', async () => {
    const requestId = `place-${randomUUID()}`;
    await fillActiveCart(server, solo, [2]);
    const dates = (await solo.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
    await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date } });
    const placed = await solo.call('POST', '/users/current/orders?cartId=active', {
      headers: { 'idempotency-key': randomUUID(), traceparent: TRACEPARENT, 'x-request-id': requestId },
    });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const code = (placed.body as { code: string }).code;
    await dispatch(server);

    const webhook = receiver.received.find((delivery) => delivery.body.includes(code) && delivery.body.includes('"order.placed"'));
    assert.ok(webhook, 'the order.placed webhook');
    assert.equal(webhook.headers['x-request-id'], requestId);
    const parent = parseTraceparent(webhook.headers.traceparent);
    assert.ok(parent, `a valid traceparent: ${String(webhook.headers.traceparent)}`);
    assert.equal(parent.traceId, TRACE_ID);
    assert.notEqual(parent.parentSpanId, '00f067aa0ba902b7', 'the delivery is a span of its own');

    const mail = sink.mails.find((candidate) => candidate.subject?.includes(code));
    assert.ok(mail, 'the confirmation mail');
    assert.equal(mail.headers.get('x-request-id'), requestId);
    assert.equal(mail.headers.get('x-trace-id'), TRACE_ID);
  });

  it('a scheduler pass is a job: its log records and the mails it writes carry its job id', async () => {
    await setClock(server, '2026-12-01T10:00:00Z');
    await fillActiveCart(server, solo, [1]);
    await createStandingOrder(solo, { cartId: 'active', name: 'Traced dairy', weekdays: [5], startDate: '2026-12-02' });
    // Friday 4 December: its reminder is due Thursday 3 December 08:00.
    await setClock(server, '2026-12-03T08:00:00Z');
    await runScheduler(server);
    await dispatch(server);
    const reminder = sink.mails.find((mail) => mail.subject?.includes('Traced dairy'));
    assert.ok(reminder, 'the reminder mail');
    const jobId = String(reminder.headers.get('x-request-id'));
    assert.match(jobId, /^job-[0-9a-f-]{36}$/);
    assert.match(String(reminder.headers.get('x-trace-id')), /^[0-9a-f]{32}$/);
  });

  it('an outbox pass logs a failed delivery with its job id and the cause of the event', async () => {
    receiver.answer = () => ({ status: 503 });
    try {
      const requestId = `fail-${randomUUID()}`;
      await fillActiveCart(server, solo, [1]);
      const dates = (await solo.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
      await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date } });
      const placed = await solo.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID(), 'x-request-id': requestId } });
      assert.equal(placed.status, 201);
      await dispatch(server);
      const failure = records().find((record) => record.msg === 'outbox delivery failed' && (record as { causeId?: string }).causeId === requestId);
      assert.ok(failure, 'the failure was logged with the request that caused the event');
      assert.match(failure.jobId ?? '', /^job-/);
    } finally {
      receiver.answer = () => ({ status: 204 });
    }
  });
});
