import assert from 'node:assert/strict';
import { createServer, request as forward, type IncomingHttpHeaders, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { freePort } from './support/processes';
import { startShop, type Shop } from './support/shop';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

/** Sits between the storefront and the API, keeping the headers of every call. */
class Recorder {
  readonly calls: { path: string; headers: IncomingHttpHeaders }[] = [];
  private server: Server | undefined;

  async start(target: string): Promise<string> {
    const to = new URL(target);
    this.server = createServer((incoming, outgoing) => {
      this.calls.push({ path: incoming.url ?? '', headers: incoming.headers });
      const proxied = forward({ host: to.hostname, port: to.port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      proxied.on('error', () => outgoing.destroy());
      incoming.pipe(proxied);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const countOf = (text: string, name: string, labels: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{`) && candidate.includes(labels));
  return line === undefined ? 0 : Number(line.split(' ').pop());
};

/** docs/metrics.md: both processes serve GET /metrics on METRICS_PORT, and the storefront passes its trace on. */
describe('metrics and traces across storefront and API', () => {
  let shop: Shop;
  let webMetrics = 0;
  let apiMetrics = 0;
  const recorder = new Recorder();
  before(async () => {
    webMetrics = await freePort();
    apiMetrics = await freePort();
    shop = await startShop({
      // No METRICS_HOST: the storefront's metrics listen on loopback only.
      webEnv: { METRICS_PORT: String(webMetrics) },
      apiEnv: { METRICS_PORT: String(apiMetrics) },
      webApiUrl: (apiUrl) => recorder.start(apiUrl),
    });
  });
  after(async () => {
    await shop.close();
    await recorder.stop();
  });

  it('a sign-in: its API calls carry the browser’s trace and a request id, and both sides count them', async () => {
    const page = await shop.newPage();
    await page.setExtraHTTPHeaders({ traceparent: TRACEPARENT });
    const before = recorder.calls.length;
    await shop.signIn(page, 'solo@example.com');
    const calls = recorder.calls.slice(before);
    const token = calls.find((call) => call.path.startsWith('/authorizationserver/oauth/token'));
    assert.ok(token, `the sign-in called the token endpoint: ${calls.map((call) => call.path).join(', ')}`);
    const traced = calls.filter((call) => String(call.headers.traceparent).startsWith(`00-${TRACE_ID}-`));
    assert.ok(traced.includes(token), 'the token call is in the browser’s trace');
    for (const call of calls) assert.match(String(call.headers.traceparent), /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/, call.path);
    assert.equal(new Set(traced.map((call) => call.headers.traceparent)).size, traced.length, 'a span of its own per call');
    assert.match(String(token.headers['x-request-id']), /^[\w-]{1,64}$/);

    const web = await (await fetch(`http://127.0.0.1:${webMetrics}/metrics`)).text();
    assert.ok(countOf(web, 'storefront_api_request_duration_seconds_count', 'route="/authorizationserver/oauth/token",status="200"') >= 1, web.slice(0, 2000));
    assert.match(web, /^nodejs_eventloop_lag_p99_seconds /m);
    const api = await (await fetch(`http://127.0.0.1:${apiMetrics}/metrics`)).text();
    assert.ok(countOf(api, 'http_request_duration_seconds_count', 'route="/authorizationserver/oauth/token",status="200"') >= 1);
    assert.match(api, /^outbox_messages_waiting\{channel="mail"\} /m);
    await shop.finishTest();
  });

  it("keeps the storefront's metrics on loopback unless METRICS_HOST says otherwise", async (context) => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((candidate) => candidate?.family === 'IPv4' && !candidate.internal)?.address;
    if (!outside) {
      context.skip('this machine has no address but loopback');
      return;
    }
    assert.equal((await fetch(`http://127.0.0.1:${webMetrics}/metrics`)).status, 200);
    await assert.rejects(fetch(`http://${outside}:${webMetrics}/metrics`), `not served on ${outside}`);
  });

  it('serves no metrics on the public ports', async () => {
    // The shop answers the address as any unknown page (not found, or the sign-in page), never with metrics.
    const shopAnswer = await fetch(`${shop.baseUrl}/metrics/`);
    assert.doesNotMatch(shopAnswer.headers.get('content-type') ?? '', /version=0\.0\.4/);
    assert.doesNotMatch(await shopAnswer.text(), /nodejs_eventloop_lag/);
    assert.equal((await fetch(`${shop.apiUrl}/metrics`)).status, 404);
  });
});
