import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { verifyPassword } from '../src/auth/passwords';
import { SIGN_IN_LOCK } from '../src/auth/sign-in-limits';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { oauthPost, passwordForm, type OAuthResponse } from './support/oauth-client';
import { redisAnswers, TEST_REDIS_URL } from './support/redis';
import { startTestServer, type TestServer } from './support/test-server';

const GUESSES = 100;
/** Where the right password sits in the burst: well inside it, sent at the same moment as the wrong ones. */
const RIGHT_AT = 60;

/** An address of this run's own, so counters left in a shared Redis by an earlier run cannot interfere. */
const freshAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** A server whose password checks are counted: the evidence of how many guesses got as far as argon2. */
async function countingServer(env: Record<string, string>): Promise<{ server: TestServer; checks: () => number }> {
  let checks = 0;
  const server = await startTestServer({
    env,
    checkPassword: (hash, password) => {
      checks += 1;
      return verifyPassword(hash, password);
    },
  });
  return { server, checks: () => checks };
}

function burst(server: TestServer, username: string, address: string, rightPasswordAt?: number): Promise<OAuthResponse[]> {
  const headers = { 'x-forwarded-for': address };
  return Promise.all(
    Array.from({ length: GUESSES + (rightPasswordAt === undefined ? 0 : 1) }, (_, i) =>
      oauthPost(server.url, 'token', passwordForm(username, i === rightPasswordAt ? DEMO_PASSWORD : `wrong-${i}`), { headers }),
    ),
  );
}

const refusedWhileLocked = (response: OAuthResponse) =>
  (response.status === 400 && response.body.error_description === 'Account Locked') || response.status === 429;

function describeParallelGuessing(title: string, env: () => Promise<Record<string, string> | undefined>) {
  describe(title, () => {
    let counted: Awaited<ReturnType<typeof countingServer>> | undefined;
    before(async () => {
      const settings = await env();
      if (settings) counted = await countingServer(settings);
    });
    after(() => counted?.server.close());

    it(`${GUESSES} parallel wrong guesses at one account from one address: at most ${SIGN_IN_LOCK.perAccountAndAddress} are checked, the right password in and after the burst is refused`, async (t) => {
      if (!counted) return t.skip(`no Redis at ${TEST_REDIS_URL}`);
      const { server, checks } = counted;
      const address = freshAddress();
      const before = checks();
      const responses = await burst(server, 'solo@example.com', address, RIGHT_AT);
      const checked = checks() - before;
      t.diagnostic(`${responses.length} sent at once, ${checked} passwords checked`);
      assert.ok(responses.every((response) => response.status < 500), `statuses ${responses.map((r) => r.status).join(',')}`);
      assert.ok(checked <= SIGN_IN_LOCK.perAccountAndAddress, `${checked} passwords checked`);
      const right = responses[RIGHT_AT];
      assert.ok(right && refusedWhileLocked(right), `the right password inside the burst: ${right?.status} ${JSON.stringify(right?.body)}`);
      assert.equal(responses.filter((response) => 'access_token' in response.body).length, 0);

      const afterwards = await oauthPost(server.url, 'token', passwordForm('solo@example.com', DEMO_PASSWORD), { headers: { 'x-forwarded-for': address } });
      assert.ok(refusedWhileLocked(afterwards), `the right password after the burst: ${afterwards.status} ${JSON.stringify(afterwards.body)}`);
      assert.equal(checks() - before, checked, 'a refused sign-in checks no password');
    });

    it(`${GUESSES} parallel guesses at an unknown name get the same answers as at a real account`, async (t) => {
      if (!counted) return t.skip(`no Redis at ${TEST_REDIS_URL}`);
      const { server, checks } = counted;
      const before = checks();
      const unknown = await burst(server, `nobody-${randomBytes(4).toString('hex')}@example.com`, freshAddress());
      const unknownChecked = checks() - before;
      const known = await burst(server, 'multi@example.com', freshAddress());
      const knownChecked = checks() - before - unknownChecked;
      const answers = (responses: OAuthResponse[]) =>
        responses.map((response) => `${response.status} ${String(response.body.error_description)}`).sort();
      assert.deepEqual(answers(unknown), answers(known));
      assert.equal(unknownChecked, knownChecked);
      assert.ok(knownChecked <= SIGN_IN_LOCK.perAccountAndAddress, `${knownChecked} passwords checked`);
    });
  });
}

describeParallelGuessing(`parallel guessing on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => ({ TRUST_PROXY: 'true' }));
describeParallelGuessing('parallel guessing with the address limit in Redis', async () =>
  (await redisAnswers(TEST_REDIS_URL)) ? { TRUST_PROXY: 'true', REDIS_URL: TEST_REDIS_URL } : undefined,
);
