import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config/config';
import { standingOrderJobs, standingOrders } from '../src/db/schema';
import { loggerOptions } from '../src/operations/logger';
import { fillActiveCart, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { sample, scrape } from './support/metrics-scrape';
import { placeTestOrder } from './support/order-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { createStandingOrder, runScheduler } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';
import { TEST_WEBHOOK_SECRET, WebhookReceiver } from './support/webhook-receiver';

/** The series of docs/metrics.md, scraped from a real API started with METRICS_PORT. */
describe('GET /metrics on METRICS_PORT', () => {
  let receiver: WebhookReceiver;
  let server: TestServer;
  let solo: Shopper;
  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({
      env: {
        METRICS_PORT: '0',
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        ...ON_DEMAND_OUTBOX,
        TEST_CLOCK_CONTROL: 'true',
        STANDING_ORDERS_INTERVAL_SECONDS: '0',
      },
    });
    solo = await shopper(server, SOLO);
  });
  after(async () => {
    await server.close();
    await receiver.stop();
  });

  it('serves the default Node.js metrics, event-loop delay, the pool and the search index', async () => {
    const text = await scrape(server);
    for (const name of ['process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds', 'db_pool_connections_in_use', 'db_pool_waiting_requests']) {
      assert.notEqual(sample(text, name), undefined, name);
    }
    if (server.database.engine === 'pglite') {
      // One embedded connection, always in use, nobody waiting.
      assert.equal(sample(text, 'db_pool_connections_in_use'), 1);
      assert.equal(sample(text, 'db_pool_waiting_requests'), 0);
    } else {
      // The scrape's own outbox and scheduler queries may hold a connection or two, never more than the pool.
      assert.ok((sample(text, 'db_pool_connections_in_use') ?? -1) >= 0);
      assert.ok((sample(text, 'db_pool_connections_in_use') ?? Infinity) <= server.config.databasePoolSize);
    }
    assert.equal(sample(text, 'search_index_ready'), 1);
    assert.ok((sample(text, 'search_index_products') ?? 0) > 0);
    assert.ok((sample(text, 'search_index_last_build_age_seconds') ?? -1) >= 0);
  });

  it('counts requests under their route pattern and status, an unknown address under "unmatched"', async () => {
    const first = await solo.call('GET', '/users/current/carts/no-such-cart-1');
    const route = { method: 'GET', route: '/occ/v2/b2b/users/current/carts/:cartId', status: String(first.status) };
    const count = async () => sample(await scrape(server), 'http_request_duration_seconds_count', route) ?? 0;
    const before = await count();
    assert.ok(before >= 1);
    const second = await solo.call('GET', '/users/current/carts/no-such-cart-2');
    assert.equal(second.status, first.status);
    assert.equal(await count(), before + 1, 'two carts, one series');
    assert.ok(!(await scrape(server)).includes('no-such-cart'), 'an id is never a label');

    const text = await scrape(server);
    const unmatched = sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' }) ?? 0;
    assert.equal((await server.request('/no/such/address/12345')).status, 404);
    const after = await scrape(server);
    assert.equal(sample(after, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' }), unmatched + 1);
    assert.ok(!after.includes('/no/such/address'), 'an address is never a label');
  });

  it('counts a failed webhook attempt and shows the message waiting', async () => {
    receiver.answer = () => ({ status: 500 });
    try {
      const before = await scrape(server);
      const failures = sample(before, 'outbox_delivery_failures_total', { channel: 'webhook' });
      assert.notEqual(failures, undefined, 'the series exists before any failure');
      await placeTestOrder(server, solo, [1]);
      await dispatch(server);
      const after = await scrape(server);
      assert.ok((sample(after, 'outbox_delivery_failures_total', { channel: 'webhook' }) ?? 0) >= (failures ?? 0) + 1);
      assert.ok((sample(after, 'outbox_messages_waiting', { channel: 'webhook' }) ?? 0) >= 1);
      assert.ok((sample(after, 'outbox_oldest_waiting_age_seconds', { channel: 'webhook' }) ?? -1) >= 0);
    } finally {
      receiver.answer = () => ({ status: 204 });
    }
  });

  it('shows a standing-order job due, then late, at the app clock', async () => {
    await setClock(server, '2026-12-01T10:00:00Z');
    await fillActiveCart(server, solo, [1]);
    const standing = await createStandingOrder(solo, { cartId: 'active', name: 'Metrics dairy', weekdays: [5], startDate: '2026-12-02' });
    await runScheduler(server);
    const [row] = await server.database.db.select({ id: standingOrders.id }).from(standingOrders).where(eq(standingOrders.code, standing.code));
    assert.ok(row);
    const before = await scrape(server);
    const due = sample(before, 'scheduler_jobs_due') ?? 0;
    const late = sample(before, 'scheduler_jobs_late') ?? 0;

    // Its first reminder's time comes (as if no pass had run since): due, not yet late.
    const [job] = await server.database.db.select().from(standingOrderJobs).where(eq(standingOrderJobs.standingOrderId, row.id)).limit(1);
    assert.ok(job, 'the scheduler queued the standing order’s jobs');
    const setDueAt = (dueAt: string) => server.database.db.update(standingOrderJobs).set({ dueAt: new Date(dueAt) }).where(eq(standingOrderJobs.standingOrderId, row.id));
    await setDueAt('2026-12-01T09:59:30Z');
    let text = await scrape(server);
    assert.equal(sample(text, 'scheduler_jobs_due'), due + (await jobsOf(server, row.id)));
    assert.equal(sample(text, 'scheduler_jobs_late'), late);

    // Due for an hour: no pass took it.
    await setDueAt('2026-12-01T09:00:00Z');
    text = await scrape(server);
    assert.equal(sample(text, 'scheduler_jobs_late'), late + (await jobsOf(server, row.id)));

    // A pass does them: nothing of theirs is due any more.
    await runScheduler(server);
    text = await scrape(server);
    assert.equal(sample(text, 'scheduler_jobs_due'), due);
  });

  it('is not served on the API port', async () => {
    const response = await server.request('/metrics');
    assert.equal(response.status, 404);
  });

  it('refuses METRICS_PORT equal to API_PORT', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'test', API_PORT: '4100', METRICS_PORT: '4100', STOREFRONT_CLIENT_SECRET: 'x'.repeat(32) }), /METRICS_PORT/);
  });
});

describe('a METRICS_PORT already taken', () => {
  it('costs the metrics, never the API: it serves and says why it has no metrics', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const { port } = taken.address() as AddressInfo;
    const out = new PassThrough();
    let log = '';
    out.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      const server = await startTestServer({ env: { METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' }, logger: loggerOptions('info', 'json', out) });
      try {
        assert.equal((await server.request('/health/ready')).status, 200);
        assert.equal(server.app.metrics?.url, undefined);
        assert.match(log, /metrics server could not listen: serving without metrics/);
        assert.match(log, /EADDRINUSE/);
      } finally {
        await server.close();
      }
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});

describe('without METRICS_PORT', () => {
  it('serves no metrics anywhere', async () => {
    const server = await startTestServer();
    try {
      assert.equal(server.app.metrics, null);
      assert.equal((await server.request('/metrics')).status, 404);
    } finally {
      await server.close();
    }
  });
});

const jobsOf = async (server: TestServer, standingOrderId: number) =>
  (await server.database.db.select().from(standingOrderJobs).where(eq(standingOrderJobs.standingOrderId, standingOrderId))).length;
