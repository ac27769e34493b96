// test:api:embedded: health answers when the embedded database is closed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, startTestServer, type TestServer } from './support/test-server';

describe('health, readiness and error bodies', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('live and ready answer 200 while the database answers', async () => {
    const live = await server.request('/health/live');
    assert.equal(live.status, 200);
    assert.deepEqual(await live.json(), { status: 'ok' });
    const ready = await server.request('/health/ready');
    assert.equal(ready.status, 200);
    // The test server waits for the search index, so searches answer from it.
    assert.deepEqual(await ready.json(), { status: 'ready', search: 'index' });
  });

  it('every response carries a request id, the caller’s own when it sends a sane one', async () => {
    const given = await server.request('/health/live', { headers: { 'x-request-id': 'trace-abc-123' } });
    assert.equal(given.headers.get('x-request-id'), 'trace-abc-123');
    const forged = await server.request('/health/live', { headers: { 'x-request-id': 'bad id <script>' } });
    assert.match(forged.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  it('readiness answers 503 while draining; liveness stays 200', async () => {
    server.app.state.draining = true;
    try {
      const ready = await server.request('/health/ready');
      assert.equal(ready.status, 503);
      assert.deepEqual(await ready.json(), { status: 'draining' });
      assert.equal((await server.request('/health/live')).status, 200);
    } finally {
      server.app.state.draining = false;
    }
  });

  it('unknown routes under the base get the error body', async () => {
    const response = await server.request(`${BASE}/no-such-thing`);
    assert.equal(response.status, 404);
    const body = (await response.json()) as { errors: { type: string }[] };
    assert.equal(body.errors[0]?.type, 'NotFoundError');
  });
});

describe('when the database is gone', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer();
    token = await server.tokenFor('solo@example.com');
    await server.database.close();
  });
  after(() => server.app.close());

  it('readiness answers 503 and liveness 200', async () => {
    const ready = await server.request('/health/ready');
    assert.equal(ready.status, 503);
    assert.deepEqual(await ready.json(), { status: 'database unavailable' });
    assert.equal((await server.request('/health/live')).status, 200);
  });

  it('a request that needs it gets 503 with Retry-After: no stack, no driver message', async () => {
    const response = await server.request(`${BASE}/users/current`, { token });
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '5');
    const text = await response.text();
    assert.deepEqual(JSON.parse(text), {
      errors: [{ type: 'ServiceUnavailableError', reason: 'unavailable', message: 'The service is temporarily unavailable, please try again shortly' }],
    });
    assert.doesNotMatch(text, /\bat |\.ts|stack|closed|PGlite|pg_/i);
  });

  it('the token endpoint answers temporarily_unavailable in RFC 6749 form, with Retry-After', async () => {
    const response = await fetch(`${server.url}/authorizationserver/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('storefront:test-storefront-secret-0123456789').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '5');
    assert.deepEqual(await response.json(), { error: 'temporarily_unavailable', error_description: 'The service is temporarily unavailable, please try again shortly' });
  });
});
