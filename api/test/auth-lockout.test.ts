import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { MAX_FAILED_LOGINS } from '../src/auth/token-service';
import { SIGN_IN_FAILURES } from '../src/auth/token-routes';
import { users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { oauthPost, passwordForm } from './support/oauth-client';
import { startTestServer, type TestServer } from './support/test-server';

describe('brute-force limits on the password grant', () => {
  let server: TestServer;
  // Each test signs in from addresses of its own (X-Forwarded-For, trusted here) so their counters never meet.
  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
  before(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  after(() => server.close());

  it(`locks the account after ${MAX_FAILED_LOGINS} wrong passwords, even against the right one, until the lock expires`, async () => {
    for (let attempt = 1; attempt <= MAX_FAILED_LOGINS; attempt++) {
      const wrong = await oauthPost(server.url, 'token', passwordForm('multi@example.com', `wrong-${attempt}`), from('198.51.100.1'));
      assert.equal(wrong.body.error_description, 'Bad credentials', `attempt ${attempt}`);
    }
    const locked = await oauthPost(server.url, 'token', passwordForm('multi@example.com', DEMO_PASSWORD), from('198.51.100.1'));
    assert.equal(locked.status, 400);
    assert.deepEqual(locked.body, { error: 'invalid_grant', error_description: 'Account Locked' });

    const [row] = await server.database.db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.username, 'multi@example.com'));
    const lockMinutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    assert.ok(lockMinutes > 10 && lockMinutes <= 15, `lock lasts ${lockMinutes} minutes`);

    // The lock is a time, not a state: once it lies in the past the right password works again.
    await server.database.db
      .update(users)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.username, 'multi@example.com'));
    const again = await oauthPost(server.url, 'token', passwordForm('multi@example.com', DEMO_PASSWORD), from('198.51.100.1'));
    assert.equal(again.status, 200);
    const [reset] = await server.database.db
      .select({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.username, 'multi@example.com'));
    assert.deepEqual(reset, { failedLogins: 0, lockedUntil: null });
  });

  it('a successful sign-in clears the count of wrong passwords before it', async () => {
    for (let attempt = 1; attempt < MAX_FAILED_LOGINS; attempt++) {
      await oauthPost(server.url, 'token', passwordForm('solo@example.com', 'wrong'), from('198.51.100.2'));
    }
    assert.equal((await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD), from('198.51.100.2'))).status, 200);
    const next = await oauthPost(server.url, 'token', passwordForm('solo@example.com', 'wrong'), from('198.51.100.2'));
    assert.equal(next.body.error_description, 'Bad credentials');
    assert.equal((await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD), from('198.51.100.2'))).status, 200);
  });

  it(`answers 429 with Retry-After once one address has failed ${SIGN_IN_FAILURES.limit} times, whatever the account`, async () => {
    const attacker = from('203.0.113.7');
    for (let attempt = 1; attempt <= SIGN_IN_FAILURES.limit; attempt++) {
      // Unknown usernames: no account lock gets in the way, only the address limit.
      const response = await oauthPost(server.url, 'token', passwordForm(`guess-${attempt}@example.com`, 'guess'), attacker);
      assert.equal(response.status, 400, `attempt ${attempt}`);
    }
    const limited = await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD), attacker);
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error, 'too_many_requests');
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= SIGN_IN_FAILURES.windowSeconds, `Retry-After ${retryAfter}`);
    assert.equal(limited.headers.get('cache-control'), 'no-store');

    // Another address is not affected, and the other grants are not limited.
    assert.equal((await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD), from('203.0.113.8'))).status, 200);
    assert.equal((await oauthPost(server.url, 'token', { grant_type: 'client_credentials' }, attacker)).status, 200);
  });

  it('does not count successful sign-ins against the address', async () => {
    const office = from('192.0.2.10');
    for (let attempt = 1; attempt <= SIGN_IN_FAILURES.limit + 2; attempt++) {
      const response = await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD), office);
      assert.equal(response.status, 200, `sign-in ${attempt}`);
    }
  });
});
