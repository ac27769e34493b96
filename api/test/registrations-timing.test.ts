import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { users } from '../src/db/schema';
import { ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const TRIES = 30;
const KINDS = ['new', 'user'] as const;
type Kind = (typeof KINDS)[number];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * "Request an account" must not tell by its time whether an address already signs in: a new address (a
 * request, its link and a mail) and a user's (a mail to the owner, the request undone) run the same statements.
 * The kinds alternate so a busy machine slows both alike; each try is at an address of its own, from a client
 * address of its own, so no rate limit is reached.
 */
describe('registration request timing', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX, TRUST_PROXY: 'true' } });
  });
  after(() => server.close());

  let client = 0;
  const addressOf = async (kind: Kind): Promise<string> => {
    const email = `timing-${randomBytes(5).toString('hex')}@example.org`;
    if (kind === 'user') await server.database.db.insert(users).values({ username: email, email, name: 'Timing user', customerId: `T-${email}`, passwordHash: '!' });
    return email;
  };
  const attempt = async (email: string) => {
    // Each try starts on a quiet server: the mail the last try queued is delivered first.
    await server.app.outbox.dispatchOnce();
    await new Promise((resolve) => setTimeout(resolve, 5));
    client += 1;
    const started = performance.now();
    const response = await server.request(`${BASE}/users`, {
      method: 'POST',
      headers: { 'x-forwarded-for': `10.9.${client >> 8}.${client & 255}` },
      body: JSON.stringify({ email, name: 'Pat Doyle', companyName: 'Doyle Bakery', phone: '01904 123456', postcode: 'YO1 7LQ', message: '' }),
    });
    const body = await response.text();
    const elapsed = performance.now() - started;
    assert.equal(response.status, 202);
    assert.equal(body, '');
    return elapsed;
  };

  it(`a new address and a user's: the same answer, medians within 10 % over ${TRIES} tries each`, async (t) => {
    for (const kind of KINDS) await attempt(await addressOf(kind));
    const round = async () => {
      const addresses = new Map<Kind, string[]>();
      for (const kind of KINDS) addresses.set(kind, await Promise.all(Array.from({ length: TRIES }, () => addressOf(kind))));
      const times = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
      for (let i = 0; i < TRIES; i++) {
        const order = i % 2 ? [...KINDS].reverse() : KINDS;
        for (const kind of order) times.get(kind)?.push(await attempt(addresses.get(kind)?.[i] ?? ''));
      }
      const fresh = times.get('new') ?? [];
      const known = times.get('user') ?? [];
      const pairs = median(known.map((ms, i) => ms - (fresh[i] ?? 0)));
      return { fresh: median(fresh), known: median(known), apart: Math.abs(pairs) / median(fresh) };
    };
    const rounds = [];
    for (let attemptNo = 0; attemptNo < 3; attemptNo++) {
      const result = await round();
      rounds.push(result);
      t.diagnostic(`new ${result.fresh.toFixed(2)} ms, user ${result.known.toFixed(2)} ms, pairs ${(result.apart * 100).toFixed(1)} % apart`);
      if (Math.abs(result.known - result.fresh) / Math.max(result.known, result.fresh) <= 0.1 || result.apart <= 0.1) return;
    }
    assert.fail(`a user's address and a new one differ by more than 10 % in every round: ${JSON.stringify(rounds)}`);
  });
});
