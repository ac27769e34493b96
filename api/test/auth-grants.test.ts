import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHash } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { registerStorefrontClient } from '../src/auth/clients';
import { oauthClients, oauthTokens } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { basicAuth, oauthPost, passwordForm } from './support/oauth-client';
import { BASE, startTestServer, type TestServer } from './support/test-server';

describe('token endpoint grants', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('password grant: bearer token pair, no-store, and the token reads /users/current', async () => {
    const response = await oauthPost(server.url, 'token', passwordForm('Solo@Example.com ', DEMO_PASSWORD));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const body = response.body;
    assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    assert.equal(body.token_type, 'bearer');
    assert.equal(body.expires_in, 3600);
    // 256 random bits in base64url are 43 characters.
    assert.match(String(body.access_token), /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(body.access_token, body.refresh_token);
    const me = await server.request(`${BASE}/users/current`, { token: String(body.access_token) });
    assert.equal(me.status, 200);
    assert.equal(((await me.json()) as { username: string }).username, 'solo@example.com');
  });

  it('stores tokens only as hashes', async () => {
    const response = await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD));
    const { db } = server.database;
    for (const token of [String(response.body.access_token), String(response.body.refresh_token)]) {
      const raw = await db.select().from(oauthTokens).where(or(eq(oauthTokens.accessHash, token), eq(oauthTokens.refreshHash, token)));
      assert.equal(raw.length, 0);
      const digest = createHash('sha256').update(token).digest('hex');
      const hashed = await db.select().from(oauthTokens).where(or(eq(oauthTokens.accessHash, digest), eq(oauthTokens.refreshHash, digest)));
      assert.equal(hashed.length, 1);
    }
  });

  it('client_credentials: an access token without a refresh token, refused under /users/current', async () => {
    const response = await oauthPost(server.url, 'token', { grant_type: 'client_credentials' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.body.refresh_token, undefined);
    assert.equal(response.body.token_type, 'bearer');
    const token = String(response.body.access_token);
    for (const path of ['/users/current', '/users/current/carts', '/users/current/orders?shipTo=0000410001']) {
      const denied = await server.request(`${BASE}${path}`, { token });
      assert.equal(denied.status, 401, path);
      assert.equal(denied.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
      const body = (await denied.json()) as { errors: { type: string }[] };
      assert.equal(body.errors[0]?.type, 'InvalidTokenError');
    }
  });

  const failures: [string, string, string][] = [
    ['a wrong password', 'solo@example.com', 'not-the-password'],
    ['an unknown username', 'nobody@example.com', DEMO_PASSWORD],
    ['a disabled user', 'disabled@example.com', DEMO_PASSWORD],
    ['a user without a ship-to', 'unconfigured@example.com', DEMO_PASSWORD],
  ];
  const expected: Record<string, string> = {
    'a wrong password': 'Bad credentials',
    'an unknown username': 'Bad credentials',
    'a disabled user': 'User is disabled',
    'a user without a ship-to': 'Account not configured',
  };
  for (const [what, username, password] of failures) {
    it(`password grant with ${what} → 400 invalid_grant "${expected[what]}"`, async () => {
      const response = await oauthPost(server.url, 'token', passwordForm(username, password));
      assert.equal(response.status, 400);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.deepEqual(response.body, { error: 'invalid_grant', error_description: expected[what] });
    });
  }

  it('a disabled user with a wrong password hears only "Bad credentials" (status is not revealed)', async () => {
    const response = await oauthPost(server.url, 'token', passwordForm('disabled@example.com', 'wrong-password'));
    assert.deepEqual(response.body, { error: 'invalid_grant', error_description: 'Bad credentials' });
  });

  it('refuses credentials in the query string with 400, even when the body is right', async () => {
    for (const query of ['?password=x', '?client_secret=x', '?username=solo@example.com', '?refresh_token=x']) {
      const response = await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD), { query });
      assert.equal(response.status, 400, query);
      assert.equal(response.body.error, 'invalid_request');
      assert.equal(response.headers.get('cache-control'), 'no-store');
    }
  });

  it('refuses a JSON body with 400 invalid_request', async () => {
    const response = await fetch(`${server.url}/authorizationserver/oauth/token`, {
      method: 'POST',
      headers: { authorization: basicAuth(), 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { error: string }).error, 'invalid_request');
  });

  it('answers 401 invalid_client with a Basic challenge for a missing or wrong client secret', async () => {
    for (const client of [null, { id: 'storefront', secret: 'wrong-secret-0123456789' }, { id: 'nobody', secret: 'x' }]) {
      const response = await oauthPost(server.url, 'token', { grant_type: 'client_credentials' }, { client });
      assert.equal(response.status, 401);
      assert.equal(response.body.error, 'invalid_client');
      assert.match(response.headers.get('www-authenticate') ?? '', /^Basic /);
    }
  });

  it('rejects an unknown grant type and missing parameters in RFC 6749 form', async () => {
    const unknown = await oauthPost(server.url, 'token', { grant_type: 'authorization_code', code: 'x' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error, 'unsupported_grant_type');
    const missing = await oauthPost(server.url, 'token', { grant_type: 'password', username: 'solo@example.com' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, 'invalid_request');
    assert.match(String(missing.body.error_description), /password/);
  });

  it('allows the password grant only to a confidential client that holds the grant', async () => {
    await registerStorefrontClient(server.database.db, { id: 'kiosk', secret: 'kiosk-secret-0123456789' });
    // A public client: no secret kept safe, so RFC 9700 §2.4 forbids it the password grant.
    await server.database.db.update(oauthClients).set({ confidential: false }).where(eq(oauthClients.id, 'kiosk'));
    const response = await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD), {
      client: { id: 'kiosk', secret: 'kiosk-secret-0123456789' },
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.error, 'unauthorized_client');
  });
});

