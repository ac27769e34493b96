import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { registerStorefrontClient } from '../src/auth/clients';
import { REFRESH_GRACE_SECONDS } from '../src/auth/token-service';
import { hashToken } from '../src/auth/token-crypto';
import { oauthTokens } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { oauthPost, passwordForm } from './support/oauth-client';
import { BASE, startTestServer, type TestServer } from './support/test-server';

interface Pair {
  access: string;
  refresh: string;
}

describe('refresh rotation, reuse detection and revocation', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const signIn = async (): Promise<Pair> => {
    const response = await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD));
    assert.equal(response.status, 200);
    return { access: String(response.body.access_token), refresh: String(response.body.refresh_token) };
  };
  const refresh = (token: string, client?: { id: string; secret: string }) =>
    oauthPost(server.url, 'token', { grant_type: 'refresh_token', refresh_token: token }, { client });
  const pairOf = (body: Record<string, unknown>): Pair => ({ access: String(body.access_token), refresh: String(body.refresh_token) });
  const canRead = async (access: string) => (await server.request(`${BASE}/users/current`, { token: access })).status === 200;
  /** Makes the rotation of a refresh token look older than the grace window. */
  const ageRotation = (token: string) =>
    server.database.db
      .update(oauthTokens)
      .set({ rotatedAt: sql`now() - make_interval(secs => ${REFRESH_GRACE_SECONDS + 1})` })
      .where(eq(oauthTokens.refreshHash, hashToken(token)));

  it('rotates: a refresh gives a new pair, with no-store, and the new access token works', async () => {
    const first = await signIn();
    const response = await refresh(first.refresh);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const second = pairOf(response.body);
    assert.notEqual(second.refresh, first.refresh);
    assert.notEqual(second.access, first.access);
    assert.ok(await canRead(second.access));
    // The next rotation works from the new refresh token.
    assert.equal((await refresh(second.refresh)).status, 200);
  });

  it(`lets concurrent refreshes of one token succeed within the ${REFRESH_GRACE_SECONDS} s grace window`, async () => {
    const first = await signIn();
    const results = await Promise.all([refresh(first.refresh), refresh(first.refresh)]);
    assert.deepEqual(results.map((r) => r.status), [200, 200]);
    for (const result of results) assert.ok(await canRead(pairOf(result.body).access));
  });

  it('reuse of a rotated refresh token after the grace window revokes the whole sign-in', async () => {
    const first = await signIn();
    const second = pairOf((await refresh(first.refresh)).body);
    const third = pairOf((await refresh(second.refresh)).body);
    await ageRotation(first.refresh);
    // In use, so each is in the API's token cache: the revocation must reach past it.
    for (const access of [first.access, second.access, third.access]) assert.ok(await canRead(access));

    const reuse = await refresh(first.refresh);
    assert.equal(reuse.status, 400);
    assert.deepEqual(reuse.body, { error: 'invalid_grant', error_description: 'Invalid refresh token' });
    // Every token of that family is dead now, the newest included: the thief and the user both sign in again.
    for (const access of [first.access, second.access, third.access]) assert.equal(await canRead(access), false);
    assert.equal((await refresh(third.refresh)).status, 400);
    // Another sign-in of the same user is a different family and lives on.
    const other = await signIn();
    assert.ok(await canRead(other.access));
  });

  it('refuses an unknown refresh token, and one issued to another client', async () => {
    assert.equal((await refresh('not-a-refresh-token')).body.error, 'invalid_grant');
    await registerStorefrontClient(server.database.db, { id: 'other', secret: 'other-secret-0123456789' });
    const first = await signIn();
    const stolen = await refresh(first.refresh, { id: 'other', secret: 'other-secret-0123456789' });
    assert.equal(stolen.status, 400);
    assert.equal(stolen.body.error, 'invalid_grant');
    assert.equal((await refresh(first.refresh)).status, 200);
  });

  it('revoke (RFC 7009) by access token ends the access and the refresh token', async () => {
    const pair = await signIn();
    assert.ok(await canRead(pair.access));
    const response = await oauthPost(server.url, 'revoke', { token: pair.access, token_type_hint: 'access_token' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(await canRead(pair.access), false);
    assert.equal((await refresh(pair.refresh)).status, 400);
  });

  it('revoke by refresh token ends the access token too', async () => {
    const pair = await signIn();
    assert.ok(await canRead(pair.access));
    assert.equal((await oauthPost(server.url, 'revoke', { token: pair.refresh })).status, 200);
    assert.equal(await canRead(pair.access), false);
    assert.equal((await refresh(pair.refresh)).status, 400);
  });

  it('revoke answers 200 for an unknown token, 400 without one, 401 without client authentication', async () => {
    assert.equal((await oauthPost(server.url, 'revoke', { token: 'unknown' })).status, 200);
    assert.equal((await oauthPost(server.url, 'revoke', {})).status, 400);
    const pair = await signIn();
    const anonymous = await oauthPost(server.url, 'revoke', { token: pair.access }, { client: null });
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.error, 'invalid_client');
    assert.ok(await canRead(pair.access));
  });

  it('another client cannot revoke the storefront’s tokens', async () => {
    await registerStorefrontClient(server.database.db, { id: 'other', secret: 'other-secret-0123456789' });
    const pair = await signIn();
    const response = await oauthPost(server.url, 'revoke', { token: pair.access }, { client: { id: 'other', secret: 'other-secret-0123456789' } });
    assert.equal(response.status, 200);
    assert.ok(await canRead(pair.access));
  });

  it('refresh of a user disabled since sign-in answers "User is disabled"', async () => {
    const pair = await signIn();
    assert.ok(await canRead(pair.access));
    await server.database.db.execute(sql`update users set status = 'disabled' where username = 'solo@example.com'`);
    try {
      const response = await refresh(pair.refresh);
      assert.deepEqual(response.body, { error: 'invalid_grant', error_description: 'User is disabled' });
      assert.equal(await canRead(pair.access), false);
    } finally {
      await server.database.db.execute(sql`update users set status = 'active' where username = 'solo@example.com'`);
    }
  });
});

describe('access token expiry', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '1' } });
  });
  after(() => server.close());

  it('an expired access token gets the 401 invalid_token shape; its refresh token still works', async () => {
    const response = await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD));
    assert.equal(response.body.expires_in, 1);
    const access = String(response.body.access_token);
    assert.equal((await server.request(`${BASE}/users/current`, { token: access })).status, 200);
    await sleep(1100);
    const expired = await server.request(`${BASE}/users/current`, { token: access });
    assert.equal(expired.status, 401);
    assert.equal(expired.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
    const body = (await expired.json()) as { errors: { type: string; reason: string }[] };
    assert.equal(body.errors[0]?.type, 'InvalidTokenError');
    assert.equal(body.errors[0]?.reason, 'invalid_token');
    const refreshed = await oauthPost(server.url, 'token', { grant_type: 'refresh_token', refresh_token: String(response.body.refresh_token) });
    assert.equal(refreshed.status, 200);
  });
});
