// test:api:embedded: PGlite's queries run on the event loop, which load shedding must allow for.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { getHeapStatistics } from 'node:v8';
import { loadConfig } from '../src/config/config';
import { EventLoopDelay, EventLoopGate } from '../src/operations/load-shedding';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const SAMPLE_MS = 20;

/** Asks until the answer has the wanted status (load shedding acts on the next sample), at most ~5 s. */
async function until(server: TestServer, path: string, status: number): Promise<Response> {
  let last: Response | undefined;
  for (let attempt = 0; attempt < 100; attempt++) {
    last = await server.request(path);
    if (last.status === status) return last;
    await last.arrayBuffer();
    await sleep(SAMPLE_MS * 2);
  }
  assert.fail(`${path} never answered ${status} (last ${last?.status})`);
}

/** The event loop of this process (the server's too) kept busy for `ms`. */
function blockEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy on purpose: what a CPU-bound request or a long GC pause does to the server
  }
}

async function expectShed(response: Response): Promise<void> {
  assert.equal(response.status, 503);
  assert.equal(response.headers.get('retry-after'), '7');
  const body = (await response.json()) as { errors: { type: string; message: string }[] };
  assert.equal(body.errors[0]?.type, 'ServiceUnavailableError');
  assert.match(body.errors[0]?.message ?? '', /busy/);
}

describe('load shedding: 503 with Retry-After past the configured limits', () => {
  it('an interval without a sample of the event loop keeps the last figure: never Infinity', () => {
    const loop = new EventLoopDelay();
    loop.start(60_000);
    try {
      blockEventLoop(30);
      // Nothing was sampled: the histogram's timer could not run while the loop was busy.
      const first = loop.sample();
      const second = loop.sample();
      assert.ok(Number.isFinite(first) && Number.isFinite(second), `${first}, ${second}`);
      assert.equal(second, first);
    } finally {
      loop.stop();
    }
  });

  it('never sheds a start: the event-loop delay sheds only once an interval since the start was under the limit', () => {
    const gate = new EventLoopGate(300);
    // A loaded machine from the start (and the start's own work): over the limit, yet served.
    assert.deepEqual([900, 1200, 400].map((delay) => gate.observe(delay)), [false, false, false]);
    assert.equal(gate.observe(120), false);
    // From then on, over the limit is load to shed.
    assert.deepEqual([900, 301, 300, 900].map((delay) => gate.observe(delay)), [true, true, false, true]);
  });

  it('limits the event-loop delay to 1 s on PostgreSQL, not on PGlite (whose queries run on the event loop), and the heap to 90 % of its limit', () => {
    const secret = { STOREFRONT_CLIENT_SECRET: 'a-secret-of-sixteen-or-more' };
    const server = loadConfig({ ...secret, DATABASE_URL: 'postgres://127.0.0.1/x' }).loadShedding;
    const demo = loadConfig(secret).loadShedding;
    assert.equal(server.maxEventLoopDelayMs, 1000);
    assert.equal(demo.maxEventLoopDelayMs, 0);
    assert.equal(server.maxHeapUsedBytes, Math.floor(getHeapStatistics().heap_size_limit * 0.9));
    assert.equal(loadConfig({ ...secret, DATABASE_URL: 'postgres://127.0.0.1/x', LOAD_SHED_HEAP_USED_MB: '0' }).loadShedding.maxHeapUsedBytes, 0);
  });

  it('sheds every request but liveness while the heap in use is over its limit', async () => {
    const server = await startTestServer({
      env: { LOAD_SHED_HEAP_USED_MB: '1', LOAD_SHED_SAMPLE_INTERVAL_MS: String(SAMPLE_MS), LOAD_SHED_RETRY_AFTER_SECONDS: '7' },
    });
    try {
      await expectShed(await until(server, `${BASE}/products/search?salesOrg=DAIR`, 503));
      await expectShed(await server.request(`${BASE}/users/current`));
      const token = await fetch(`${server.url}/authorizationserver/oauth/token`, { method: 'POST' });
      assert.equal(token.status, 503);
      assert.equal(token.headers.get('retry-after'), '7');
      assert.equal((await server.request('/health/ready')).status, 503);
      assert.equal((await server.request('/health/live')).status, 200);
    } finally {
      await server.close();
    }
  });

  it('sheds while the event loop lags behind its limit, and serves again once it catches up', async () => {
    const server = await startTestServer({
      env: { LOAD_SHED_EVENT_LOOP_DELAY_MS: '300', LOAD_SHED_SAMPLE_INTERVAL_MS: String(SAMPLE_MS), LOAD_SHED_RETRY_AFTER_SECONDS: '7' },
    });
    try {
      const path = `${BASE}/products/search?salesOrg=DAIR`;
      // Starting the server (the embedded database runs on this thread) may itself be over the limit.
      assert.equal((await until(server, path, 200)).status, 200);
      // Lag that lasts, as under load: one long block alone is a single late sample, seen by one interval only.
      const lag = setInterval(() => blockEventLoop(400), 1);
      try {
        await expectShed(await until(server, path, 503));
      } finally {
        clearInterval(lag);
      }
      assert.equal((await until(server, path, 200)).status, 200);
    } finally {
      await server.close();
    }
  });
});
