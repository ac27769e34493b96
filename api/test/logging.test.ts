import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { desc } from 'drizzle-orm';
import { clientErrorLogs } from '../src/db/schema';
import { LOGGING_BODY_LIMIT, LOGGING_RATE } from '../src/logging/logging-routes';
import { BASE, startTestServer, type TestServer } from './support/test-server';

describe('POST /logging', () => {
  let server: TestServer;
  let address = 0;
  // Each report comes from an address of its own unless a test says otherwise, so the rate limit stays out of the way.
  const report = (body: unknown, options: { token?: string; from?: string } = {}) =>
    server.request(`${BASE}/logging`, {
      method: 'POST',
      token: options.token,
      headers: { 'x-forwarded-for': options.from ?? `10.20.${++address >> 8}.${address & 255}` },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const latest = async () => (await server.database.db.select().from(clientErrorLogs).orderBy(desc(clientErrorLogs.id)).limit(1))[0];

  before(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  after(() => server.close());

  it('stores a report with the report fields and the sender address, without sign-in', async () => {
    const response = await report(
      {
        messageType: 'ERROR',
        message: 'Failed to load shopping cart',
        description: 'TypeError: x is undefined\n    at Cart (cart.tsx:10)',
        url: 'https://shop.example/cart',
        site: 'b2b',
        issueType: 'CartFailedToLoad',
        userName: 'solo@example.com',
        customerId: 'C0001001',
        projectId: 'storefront',
      },
      { from: '198.51.100.40' },
    );
    assert.equal(response.status, 204);
    const row = await latest();
    assert.ok(row);
    assert.deepEqual(
      {
        messageType: row.messageType,
        message: row.message,
        description: row.description,
        url: row.url,
        site: row.site,
        issueType: row.issueType,
        userName: row.userName,
        customerId: row.customerId,
        projectId: row.projectId,
        remoteAddress: row.remoteAddress,
      },
      {
        messageType: 'ERROR',
        message: 'Failed to load shopping cart',
        description: 'TypeError: x is undefined\n    at Cart (cart.tsx:10)',
        url: 'https://shop.example/cart',
        site: 'b2b',
        issueType: 'CartFailedToLoad',
        userName: 'solo@example.com',
        customerId: 'C0001001',
        projectId: 'storefront',
        remoteAddress: '198.51.100.40',
      },
    );
  });

  it('strips control characters: all of them from one-line fields, all but line breaks and tabs from text', async () => {
    const response = await report({
      messageType: 'ERR\u0000OR',
      message: 'line one\r\nline\u001b[31m two\u202e',
      url: 'https://shop.example/\nforged\tentry\u0007',
    });
    assert.equal(response.status, 204);
    const row = await latest();
    assert.equal(row?.messageType, 'ERROR');
    assert.equal(row?.message, 'line one\nline[31m two');
    assert.equal(row?.url, 'https://shop.example/ forged entry');
  });

  it('never stores tokens, passwords or cookies', async () => {
    const token = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr';
    const response = await report({
      messageType: 'ERROR',
      message: `fetch failed with Authorization: Bearer ${token} and Basic c3RvcmVmcm9udDpzZWNyZXQ=`,
      description: `{"access_token":"abc123","refresh_token": "def456","expires_in":3600}\nCookie: mv_session=s3cr3t; other=1\npassword=hunter2&x=1 eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln`,
      url: `https://shop.example/cart?access_token=abc123&shipTo=0000410001#token=xyz`,
    });
    assert.equal(response.status, 204);
    const row = await latest();
    const stored = [row?.message, row?.description, row?.url].join('\n');
    for (const secret of [token, 'c3RvcmVmcm9udDpzZWNyZXQ=', 'abc123', 'def456', 's3cr3t', 'hunter2', 'eyJhbGciOiJIUzI1NiJ9', 'xyz']) {
      assert.ok(!stored.includes(secret), `${secret} was stored: ${stored}`);
    }
    // What is not secret survives, so the report stays useful.
    assert.match(row?.url ?? '', /^https:\/\/shop\.example\/cart\?access_token=\[redacted\]&shipTo=0000410001/);
    assert.match(row?.description ?? '', /"expires_in":3600/);
  });

  it('takes the reporter from a signed-in bearer token, not from the body', async () => {
    const token = await server.tokenFor('multi@example.com');
    const response = await report({ messageType: 'ERROR', message: 'crash', userName: 'someone-else@example.com', customerId: 'C9' }, { token });
    assert.equal(response.status, 204);
    const row = await latest();
    assert.equal(row?.userName, 'multi@example.com');
    assert.equal(row?.customerId, 'C0001002');
  });

  it('accepts a client-credentials token; refuses a bad token with the 401 shape', async () => {
    assert.equal((await report({ messageType: 'ERROR', message: 'x' }, { token: await server.clientToken() })).status, 204);
    const bad = await report({ messageType: 'ERROR', message: 'x' }, { token: 'not-a-token' });
    assert.equal(bad.status, 401);
    assert.equal(bad.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
  });

  it('answers 400 naming the field for a missing or wrong field', async () => {
    for (const [body, field] of [
      [{ messageType: 'ERROR' }, 'message'],
      [{ message: 'x' }, 'messageType'],
      [{ messageType: 'ERROR', message: 'x', url: 42 }, 'url'],
      [{ messageType: 'ERROR', message: 'x'.repeat(2001) }, 'message'],
    ] as const) {
      const response = await report(body);
      assert.equal(response.status, 400);
      const errors = ((await response.json()) as { errors: { type: string; subject: string }[] }).errors;
      assert.equal(errors[0]?.type, 'ValidationError');
      assert.equal(errors[0]?.subject, field);
    }
    assert.equal((await report('{not json')).status, 400);
  });

  it(`answers 413 with the error body for a body over ${LOGGING_BODY_LIMIT} bytes, and stores nothing`, async () => {
    const before = await latest();
    const body = JSON.stringify({ messageType: 'ERROR', message: 'x', description: 'y'.repeat(LOGGING_BODY_LIMIT) });
    const response = await report(body);
    assert.equal(response.status, 413);
    const errors = ((await response.json()) as { errors: { type: string }[] }).errors;
    assert.equal(errors[0]?.type, 'PayloadTooLargeError');
    assert.equal((await latest())?.id, before?.id);
  });

  it(`answers 429 with Retry-After after ${LOGGING_RATE.limit} reports a minute from one address`, async () => {
    const from = '203.0.113.99';
    for (let i = 1; i <= LOGGING_RATE.limit; i++) {
      assert.equal((await report({ messageType: 'ERROR', message: `n${i}` }, { from })).status, 204, `report ${i}`);
    }
    const limited = await report({ messageType: 'ERROR', message: 'one too many' }, { from });
    assert.equal(limited.status, 429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= LOGGING_RATE.windowSeconds);
    const errors = ((await limited.json()) as { errors: { type: string }[] }).errors;
    assert.equal(errors[0]?.type, 'TooManyRequestsError');
    assert.equal((await report({ messageType: 'ERROR', message: 'other address' }, { from: '203.0.113.100' })).status, 204);
  });
});
