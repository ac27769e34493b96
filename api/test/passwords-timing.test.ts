import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SIGN_IN_LOCK } from '../src/auth/sign-in-limits';
import { signInAttempts } from '../src/db/schema';
import { ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { createUser, forgot } from './support/password-helpers';
import { startTestServer, type TestServer } from './support/test-server';

const TRIES = 30;
const KINDS = ['known', 'unknown', 'disabled', 'locked'] as const;
type Kind = (typeof KINDS)[number];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * "Forgot your password?" must not list our customers by its answer or its time: a known address (which gets
 * a mail), an unknown one, a disabled user's and a locked user's answer the same, and as fast within noise.
 * As in auth-timing.test.ts, the kinds alternate so a busy machine slows all alike, and each round compares
 * back-to-back tries. Every try is at an address of its own, from an address of its own, so no rate limit
 * is reached and each known try really writes its link and mail.
 */
describe('forgot-password timing', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX, TRUST_PROXY: 'true' } });
  });
  after(() => server.close());

  let client = 0;
  const lock = (email: string) =>
    server.database.db.insert(signInAttempts).values({
      key: createHash('sha256').update(`account\n${email}`).digest('base64url'),
      accountKey: createHash('sha256').update(`account\n${email}`).digest('base64url'),
      attempts: SIGN_IN_LOCK.perAccount + 1,
      windowEndsAt: new Date(Date.now() + 60 * 60_000),
    });
  /** One address of each kind, made before the clock starts. */
  const addressOf = async (kind: Kind, i: number): Promise<string> => {
    if (kind === 'unknown') return `nobody-${process.pid}-${i}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const user = await createUser(server, { status: kind === 'disabled' ? 'disabled' : 'active' });
    if (kind === 'locked') await lock(user.email);
    return user.email;
  };
  const attempt = async (email: string) => {
    // Each try starts on a quiet server: the mail a known address's try queued is delivered first (work done
    // after the answer, which a later try of anybody's would otherwise pay for).
    await server.app.outbox.dispatchOnce();
    await new Promise((resolve) => setTimeout(resolve, 5));
    client += 1;
    const started = performance.now();
    const response = await forgot(server, email, { 'x-forwarded-for': `10.7.${client >> 8}.${client & 255}` });
    const body = await response.text();
    const elapsed = performance.now() - started;
    assert.equal(response.status, 202);
    assert.equal(body, '{"status":"accepted"}');
    return elapsed;
  };

  it(`known, unknown, disabled and locked addresses: the same answer, medians within 10 % over ${TRIES} tries each`, async (t) => {
    for (const kind of KINDS) await attempt(await addressOf(kind, -1));
    const round = async () => {
      const addresses = new Map<Kind, string[]>();
      for (const kind of KINDS) addresses.set(kind, await Promise.all(Array.from({ length: TRIES }, (_, i) => addressOf(kind, i))));
      const times = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
      for (let i = 0; i < TRIES; i++) {
        // Each try of the round in a rotated order, so no kind always comes first.
        const order = KINDS.map((_, k) => KINDS[(k + i) % KINDS.length] as Kind);
        for (const kind of order) times.get(kind)?.push(await attempt(addresses.get(kind)?.[i] ?? ''));
      }
      const known = times.get('known') ?? [];
      return KINDS.filter((kind) => kind !== 'known').map((kind) => {
        const other = times.get(kind) ?? [];
        const pairs = median(other.map((ms, i) => ms - (known[i] ?? 0)));
        return { kind, known: median(known), other: median(other), apart: Math.abs(pairs) / median(known) };
      });
    };
    const rounds = [];
    const settled = new Set<Kind>();
    for (let attemptNo = 0; attemptNo < 3 && settled.size < KINDS.length - 1; attemptNo++) {
      const results = await round();
      rounds.push(results);
      for (const result of results) {
        t.diagnostic(`${result.kind}: median ${result.other.toFixed(2)} ms, known ${result.known.toFixed(2)} ms, pairs ${(result.apart * 100).toFixed(1)} % apart`);
        if (Math.abs(result.other - result.known) / Math.max(result.other, result.known) <= 0.1 || result.apart <= 0.1) settled.add(result.kind);
      }
    }
    assert.equal(settled.size, KINDS.length - 1, `some kinds differ from a known address by more than 10 % in every round: ${JSON.stringify(rounds)}`);
  });
});
