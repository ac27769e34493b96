import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DUMMY_HASH, ARGON2_OPTIONS } from '../src/auth/passwords';
import { signInAttempts } from '../src/db/schema';
import { oauthPost, passwordForm } from './support/oauth-client';
import { startTestServer, type TestServer } from './support/test-server';

const TRIES = 30;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * An unknown username must cost what a wrong password costs, or response times list our customers.
 * A property of the code path (one argon2 verification either way), so it is checked here; the two
 * kinds of try alternate so that a busy machine slows both alike.
 */
describe('sign-in timing', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  after(() => server.close());

  it('the dummy hash has the parameters of real hashes, so verifying it costs the same', () => {
    assert.ok(DUMMY_HASH.startsWith(`$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`));
  });

  it(`unknown username and wrong password: same answer, medians within 10 % over ${TRIES} tries each`, async (t) => {
    let address = 0;
    const attempt = async (username: string) => {
      // A fresh address per try keeps the per-address limit out of the measurement.
      address += 1;
      const headers = { 'x-forwarded-for': `10.9.${address >> 8}.${address & 255}` };
      const started = performance.now();
      const response = await oauthPost(server.url, 'token', passwordForm(username, 'not-the-password'), { headers });
      const elapsed = performance.now() - started;
      assert.deepEqual(response.body, { error: 'invalid_grant', error_description: 'Bad credentials' });
      return elapsed;
    };
    // Keeps the known account below its per-account ceiling, so every wrong password is a real verification.
    const unlock = () => server.database.db.delete(signInAttempts);

    for (let i = 0; i < 3; i++) {
      await attempt('nobody@example.com');
      await unlock();
      await attempt('solo@example.com');
    }
    // A round is TRIES back-to-back pairs; each pair's difference cancels whatever the machine was doing then.
    const round = async () => {
      const unknown: number[] = [];
      const wrong: number[] = [];
      for (let i = 0; i < TRIES; i++) {
        await unlock();
        const unknownFirst = i % 2 === 0;
        if (unknownFirst) unknown.push(await attempt(`nobody-${i}@example.com`));
        wrong.push(await attempt('solo@example.com'));
        if (!unknownFirst) unknown.push(await attempt(`nobody-${i}@example.com`));
      }
      const pairDifference = median(unknown.map((ms, i) => ms - (wrong[i] ?? 0)));
      return { unknown: median(unknown), wrong: median(wrong), apart: Math.abs(pairDifference) / median(wrong) };
    };
    // A real leak (no verification for unknown names) is several times faster, every round; noise from other
    // work on a shared machine is not, so a second or third round settles a noisy one.
    const rounds = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await round();
      rounds.push(result);
      t.diagnostic(`median unknown ${result.unknown.toFixed(1)} ms, wrong password ${result.wrong.toFixed(1)} ms, pairs ${(result.apart * 100).toFixed(1)} % apart`);
      if (Math.abs(result.unknown - result.wrong) / Math.max(result.unknown, result.wrong) <= 0.1 || result.apart <= 0.1) return;
    }
    assert.fail(`unknown username and wrong password differ by more than 10 % in every round: ${JSON.stringify(rounds)}`);
  });
});
