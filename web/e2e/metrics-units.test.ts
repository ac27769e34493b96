import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { apiRouteLabel } from '../src/lib/metrics/api-route-label';
import { recordApiCall, serveStorefrontMetrics, startStorefrontMetrics, stopStorefrontMetrics } from '../src/lib/metrics/storefront-metrics';
import { apiCallHeaders, pageTrace, parseTraceparent } from '../src/lib/tracing/trace-context';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
const VALID = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The storefront's trace context and metrics, without a browser (docs/metrics.md). */
describe('storefront trace context', () => {
  test("a page request keeps the caller's trace, as a span of its own; a bad traceparent starts a new trace", () => {
    const page = pageTrace({ traceparent: TRACEPARENT, requestId: 'lb-request-1' });
    assert.equal(parseTraceparent(page.traceparent)?.traceId, TRACE_ID);
    assert.notEqual(page.traceparent, TRACEPARENT);
    assert.equal(page.requestId, 'lb-request-1');
    for (const bad of ['nonsense', `01-${TRACE_ID}-00f067aa0ba902b7-01`, `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`]) {
      const fresh = pageTrace({ traceparent: bad, requestId: 'bad id with spaces' });
      assert.match(fresh.traceparent, VALID);
      assert.notEqual(parseTraceparent(fresh.traceparent)?.traceId, TRACE_ID);
      assert.match(fresh.requestId, /^[0-9a-f-]{36}$/, 'an unusable request id is replaced');
    }
  });

  test("every API call is a new span of the page's trace, with the page's request id", () => {
    const page = pageTrace({ traceparent: TRACEPARENT, requestId: null });
    const first = apiCallHeaders(page);
    const second = apiCallHeaders(page);
    assert.equal(parseTraceparent(first.traceparent)?.traceId, TRACE_ID);
    assert.equal(parseTraceparent(second.traceparent)?.traceId, TRACE_ID);
    assert.notEqual(first.traceparent, second.traceparent);
    assert.equal(first['x-request-id'], page.requestId);
    // Outside a page request: a trace of its own, no request id.
    const alone = apiCallHeaders(undefined);
    assert.match(alone.traceparent ?? '', VALID);
    assert.equal(alone['x-request-id'], undefined);
  });
});

describe('storefront metrics', () => {
  after(() => stopStorefrontMetrics());

  test('API routes are labelled without their ids', () => {
    assert.equal(apiRouteLabel('/occ/v2/b2b/users/current/orders/MV-000123'), '/occ/v2/b2b/users/current/orders/:id');
    assert.equal(apiRouteLabel('/occ/v2/b2b/users/current/orders/MV-000124?fields=FULL'), '/occ/v2/b2b/users/current/orders/:id');
    assert.equal(apiRouteLabel('/occ/v2/b2b/users/current/standingorders/SO-12/deliveries/2026-12-04'), '/occ/v2/b2b/users/current/standingorders/:id/deliveries/:id');
    assert.equal(apiRouteLabel('/admin/v1/operators/someone%40example.com'), '/admin/v1/operators/:id');
    assert.equal(apiRouteLabel('/occ/v2/b2b/products/search'), '/occ/v2/b2b/products/search');
  });

  test('GET /metrics on its own port: Node defaults, event-loop delay and the API calls; nothing else', async () => {
    recordApiCall('/occ/v2/b2b/users/current/orders/MV-1', 200, 0.02);
    const url = await startStorefrontMetrics(0, '127.0.0.1');
    const count = async () => {
      const text = await (await fetch(`${url}/metrics`)).text();
      const line = text.split('\n').find((candidate) => candidate.startsWith('storefront_api_request_duration_seconds_count{route="/occ/v2/b2b/users/current/orders/:id",status="200"}'));
      return { text, count: line === undefined ? 0 : Number(line.split(' ').pop()) };
    };
    const before = await count();
    assert.equal(before.count, 0, 'nothing was recorded before the metrics started');
    assert.match(before.text, /^nodejs_eventloop_lag_p99_seconds /m);
    assert.match(before.text, /^process_cpu_user_seconds_total /m);
    recordApiCall('/occ/v2/b2b/users/current/orders/MV-2', 200, 0.02);
    recordApiCall('/occ/v2/b2b/users/current/orders/MV-3', 200, 0.03);
    recordApiCall('/occ/v2/b2b/users/current/orders/MV-4', 'failed', 15);
    const later = await count();
    assert.equal(later.count, 2);
    assert.match(later.text, /storefront_api_request_duration_seconds_count\{route="\/occ\/v2\/b2b\/users\/current\/orders\/:id",status="failed"\} 1/);
    assert.equal((await fetch(`${url}/`)).status, 404);
    assert.equal((await fetch(`${url}/metrics`, { method: 'POST' })).status, 404);
  });
});

describe('storefront metrics on a port already taken', () => {
  test('never stop the shop: the start says why and the shop carries on without metrics', async () => {
    await stopStorefrontMetrics();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const { port } = taken.address() as AddressInfo;
    const logged: string[] = [];
    const original = console.error;
    console.error = (...parts: unknown[]) => void logged.push(parts.join(' '));
    try {
      assert.equal(await serveStorefrontMetrics(port, '127.0.0.1'), undefined);
    } finally {
      console.error = original;
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
    assert.match(logged.join('\n'), new RegExp(`storefront metrics could not listen on 127\\.0\\.0\\.1:${port}, serving without metrics:.*EADDRINUSE`));
    assert.doesNotThrow(() => recordApiCall('/occ/v2/b2b/products/search', 200, 0.01));
    // A start that can listen serves them.
    const url = await serveStorefrontMetrics(0, '127.0.0.1');
    assert.equal((await fetch(`${url}/metrics`)).status, 200);
    await stopStorefrontMetrics();
  });
});
