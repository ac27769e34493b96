import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { mailMessages, registrationRequests, users } from '../src/db/schema';
import { REGISTRATION_RATES } from '../src/registrations/registration-routes';
import { operatorToken } from './support/admin-client';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { redisAnswers, TEST_REDIS_URL } from './support/redis';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const clientAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.org`;
const details = (email: string) => ({ email, name: 'Pat Doyle', companyName: 'Doyle Bakery', phone: '01904 123456', postcode: 'YO1 7LQ' });

/**
 * Two API processes over one database (and, when there is one, one Redis): their rate limits count together,
 * and racing requests or decisions leave one result.
 */
describe('registration requests across two API processes', () => {
  let redis = false;
  const servers: TestServer[] = [];
  const first = () => servers[0] as TestServer;
  const ask = (server: TestServer, body: unknown, address = clientAddress()) =>
    server.request(`${BASE}/users`, { method: 'POST', body: JSON.stringify(body), headers: { 'x-forwarded-for': address } });
  const mailsTo = async (email: string) => {
    for (const server of servers) await dispatch(server);
    return first().database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));
  };

  before(async () => {
    redis = await redisAnswers(TEST_REDIS_URL);
    const env = { TRUST_PROXY: 'true', ...ON_DEMAND_OUTBOX, ...(redis ? { REDIS_URL: TEST_REDIS_URL } : {}) };
    const one = await startTestServer({ env });
    servers.push(one, await startTestServer({ env, database: one.database }));
  });
  after(async () => {
    await servers[1]?.app.close();
    await servers[0]?.close();
  });

  it('share the limits per e-mail address and per client address through Redis', async (t) => {
    if (!redis) return t.skip(`no Redis at ${TEST_REDIS_URL}`);
    const email = uniqueEmail('shared');
    for (let i = 0; i < REGISTRATION_RATES.perEmail.limit + 2; i += 1) assert.equal((await ask(servers[i % 2] as TestServer, details(email))).status, 202);
    assert.equal((await mailsTo(email)).length, REGISTRATION_RATES.perEmail.limit);

    const address = clientAddress();
    for (let i = 0; i < REGISTRATION_RATES.perClient.limit; i += 1) assert.equal((await ask(servers[i % 2] as TestServer, details(uniqueEmail('burst')), address)).status, 202);
    for (const server of servers) assert.equal((await ask(server, details(uniqueEmail('burst')), address)).status, 429);
  });

  it('two requests for one new address at once make one request', async () => {
    const email = uniqueEmail('racing');
    const answers = await Promise.all(servers.map((server) => ask(server, details(email))));
    assert.deepEqual(answers.map((answer) => answer.status), [202, 202]);
    const rows = await first().database.db.select().from(registrationRequests).where(eq(registrationRequests.email, email));
    assert.equal(rows.length, 1);
  });

  it('two operators deciding one request at once: one wins, the other is told it is decided', async () => {
    const email = uniqueEmail('decided');
    const [row] = await first()
      .database.db.insert(registrationRequests)
      .values({ ...details(email), status: 'confirmed', confirmedAt: new Date() })
      .returning({ id: registrationRequests.id });
    assert.ok(row);
    const tokens = await Promise.all(servers.map((server) => operatorToken(server)));
    const answers = await Promise.all([
      servers[0]?.request(`/admin/v1/registrations/${row.id}/approval`, { method: 'POST', token: tokens[0], body: JSON.stringify({ soldTo: '0000100001', shipTos: ['0000410002'] }) }),
      servers[1]?.request(`/admin/v1/registrations/${row.id}/decline`, { method: 'POST', token: tokens[1], body: JSON.stringify({ reason: 'Not now.' }) }),
    ]);
    const statuses = answers.map((answer) => answer?.status).sort();
    assert.deepEqual(statuses, [200, 409]);
    const [after] = await first().database.db.select().from(registrationRequests).where(eq(registrationRequests.id, row.id));
    const made = await first().database.db.select().from(users).where(eq(users.username, email));
    assert.equal(made.length, after?.status === 'approved' ? 1 : 0, 'a user exactly when approved');
  });
});
