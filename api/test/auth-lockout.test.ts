import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { SIGN_IN_LOCK, SignInLimits } from '../src/auth/sign-in-limits';
import { RateLimit } from '../src/operations/rate-limit';
import { createMemoryStore } from '../src/operations/rate-limit-memory';
import { SIGN_IN_FAILURES } from '../src/auth/token-routes';
import { signInAttempts } from '../src/db/schema';
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
  // Each test starts with no account counted; addresses differ per test, so the per-address counts never meet.
  beforeEach(async () => {
    await server.database.db.delete(signInAttempts);
  });

  const tryPassword = (username: string, password: string, address: string) => oauthPost(server.url, 'token', passwordForm(username, password), from(address));
  const answer = (response: { status: number; body: Record<string, unknown> }) => `${response.status} ${String(response.body.error_description ?? 'signed in')}`;

  it(`locks a name at one address after ${SIGN_IN_LOCK.perAccountAndAddress} tries, the right password included, until the window ends`, async () => {
    for (let attempt = 1; attempt <= SIGN_IN_LOCK.perAccountAndAddress; attempt++) {
      const wrong = await tryPassword('multi@example.com', `wrong-${attempt}`, '198.51.100.1');
      assert.equal(wrong.body.error_description, 'Bad credentials', `attempt ${attempt}`);
    }
    const locked = await tryPassword('multi@example.com', DEMO_PASSWORD, '198.51.100.1');
    assert.equal(locked.status, 400);
    assert.deepEqual(locked.body, { error: 'invalid_grant', error_description: 'Account Locked' });

    const [row] = await server.database.db
      .select({ windowEndsAt: signInAttempts.windowEndsAt })
      .from(signInAttempts)
      .where(sql`${signInAttempts.attempts} > ${SIGN_IN_LOCK.perAccountAndAddress}`);
    const lockMinutes = ((row?.windowEndsAt.getTime() ?? 0) - Date.now()) / 60_000;
    assert.ok(lockMinutes > 10 && lockMinutes <= SIGN_IN_LOCK.windowMinutes, `lock lasts ${lockMinutes} minutes`);

    // The lock is a window, not a state: once it has ended the right password works again.
    await server.database.db.update(signInAttempts).set({ windowEndsAt: sql`now() - interval '1 second'` });
    assert.equal((await tryPassword('multi@example.com', DEMO_PASSWORD, '198.51.100.1')).status, 200);
  });

  it("one address's failures do not lock the customer out at another address", async () => {
    for (let attempt = 1; attempt <= SIGN_IN_LOCK.perAccountAndAddress + 3; attempt++) {
      await tryPassword('solo@example.com', 'wrong', '198.51.100.20');
    }
    assert.equal(answer(await tryPassword('solo@example.com', DEMO_PASSWORD, '198.51.100.20')), '400 Account Locked');
    assert.equal(answer(await tryPassword('solo@example.com', DEMO_PASSWORD, '198.51.100.21')), '200 signed in');
  });

  it('an unknown name gets the same answers at the same points as a real account', async () => {
    const answers = async (username: string, address: string) => {
      const seen: string[] = [];
      for (let attempt = 1; attempt <= SIGN_IN_LOCK.perAccountAndAddress + 2; attempt++) seen.push(answer(await tryPassword(username, 'wrong', address)));
      return seen;
    };
    const known = await answers('multi@example.com', '198.51.100.30');
    assert.deepEqual(await answers('nobody-at-all@example.com', '198.51.100.31'), known);
    assert.deepEqual(known, [...Array(SIGN_IN_LOCK.perAccountAndAddress).fill('400 Bad credentials'), '400 Account Locked', '400 Account Locked']);
  });

  it(`locks a name everywhere after ${SIGN_IN_LOCK.perAccount} checked tries spread over many addresses, known or not`, async () => {
    const spread = async (username: string, network: number) => {
      for (let attempt = 0; attempt < SIGN_IN_LOCK.perAccount; attempt++) {
        // A new address every few tries, never reaching the per-address lock.
        const address = `10.${network}.${Math.floor(attempt / (SIGN_IN_LOCK.perAccountAndAddress - 1))}.1`;
        assert.equal(answer(await tryPassword(username, `wrong-${attempt}`, address)), '400 Bad credentials', `try ${attempt + 1}`);
      }
      return answer(await tryPassword(username, username === 'solo@example.com' ? DEMO_PASSWORD : 'wrong', `10.${network}.255.1`));
    };
    assert.equal(await spread('solo@example.com', 41), '400 Account Locked');
    assert.equal(await spread('spread-unknown@example.com', 42), '400 Account Locked');
  });

  it('a successful sign-in clears the count of wrong passwords before it', async () => {
    for (let attempt = 1; attempt < SIGN_IN_LOCK.perAccountAndAddress; attempt++) {
      await tryPassword('solo@example.com', 'wrong', '198.51.100.2');
    }
    assert.equal((await tryPassword('solo@example.com', DEMO_PASSWORD, '198.51.100.2')).status, 200);
    for (let attempt = 1; attempt < SIGN_IN_LOCK.perAccountAndAddress; attempt++) {
      assert.equal((await tryPassword('solo@example.com', 'wrong', '198.51.100.2')).body.error_description, 'Bad credentials');
    }
    assert.equal((await tryPassword('solo@example.com', DEMO_PASSWORD, '198.51.100.2')).status, 200);
  });

  it('keeps hashes of the names only, and deletes counters whose window has ended', async () => {
    await tryPassword('solo@example.com', 'wrong', '198.51.100.50');
    const rows = await server.database.db.select().from(signInAttempts);
    assert.equal(rows.length, 2, 'one count for the name at this address, one for the name');
    assert.ok(rows.every((row) => !row.key.includes('solo') && !row.key.includes('198.51')), JSON.stringify(rows));

    await server.database.db.update(signInAttempts).set({ windowEndsAt: sql`now() - interval '1 second'` });
    await new SignInLimits(server.database.db, new RateLimit(createMemoryStore(), SIGN_IN_FAILURES)).forgetEnded();
    assert.deepEqual(await server.database.db.select().from(signInAttempts), []);
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
