import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { RESET_REQUESTS_PER_ACCOUNT, RESET_REQUESTS_PER_ADDRESS } from '../src/passwords/forgot-password';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { createUser, forgot, mailsTo } from './support/password-helpers';
import { redisAnswers, TEST_REDIS_URL } from './support/redis';
import { startTestServer, type TestServer } from './support/test-server';

const freshAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe('reset requests are rate-limited per client address and per address asked about (docs/people.md "Passwords")', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX, TRUST_PROXY: 'true' } });
  });
  after(() => server.close());

  it(`one client address gets ${RESET_REQUESTS_PER_ADDRESS.limit} requests an hour through, whatever the addresses; later ones answer the same and send nothing`, async () => {
    const from = freshAddress();
    const people = [];
    for (let i = 0; i <= RESET_REQUESTS_PER_ADDRESS.limit; i++) people.push(await createUser(server));
    for (const person of people) {
      const answer = await forgot(server, person.email, { 'x-forwarded-for': from });
      assert.equal(answer.status, 202);
      assert.deepEqual(await answer.json(), { status: 'accepted' });
    }
    await dispatch(server);
    const mailed = await Promise.all(people.map(async (person) => (await mailsTo(server, person.email)).length));
    assert.deepEqual(mailed, [...Array<number>(RESET_REQUESTS_PER_ADDRESS.limit).fill(1), 0]);
  });
});

describe('two API processes share the reset limits through Redis', () => {
  let available = false;
  const servers: TestServer[] = [];
  before(async () => {
    available = await redisAnswers(TEST_REDIS_URL);
    if (!available) return;
    const env = { ...ON_DEMAND_OUTBOX, TRUST_PROXY: 'true', REDIS_URL: TEST_REDIS_URL };
    const first = await startTestServer({ env });
    servers.push(first, await startTestServer({ env, database: first.database }));
  });
  after(async () => {
    await servers[1]?.app.close();
    await servers[0]?.close();
  });

  it(`one address gets ${RESET_REQUESTS_PER_ACCOUNT.limit} mails an hour, however the requests are spread over processes and clients`, async (t) => {
    if (!available) return t.skip(`no Redis at ${TEST_REDIS_URL}`);
    const [one, two] = servers;
    assert.ok(one && two);
    const user = await createUser(one);
    for (let i = 0; i < RESET_REQUESTS_PER_ACCOUNT.limit + 2; i++) {
      assert.equal((await forgot(i % 2 ? two : one, user.email, { 'x-forwarded-for': freshAddress() })).status, 202);
    }
    await dispatch(one);
    await dispatch(two);
    assert.equal((await mailsTo(one, user.email)).length, RESET_REQUESTS_PER_ACCOUNT.limit);
  });
});
