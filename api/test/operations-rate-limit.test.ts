import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { LOGGING_RATE } from '../src/logging/logging-routes';
import { RateLimit } from '../src/operations/rate-limit';
import { createMemoryStore } from '../src/operations/rate-limit-memory';
import { createRedisStore } from '../src/operations/rate-limit-redis';
import { redisAnswers, TEST_REDIS_URL } from './support/redis';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const REDIS_URL = TEST_REDIS_URL;

describe('rate limit in memory', () => {
  it('counts within a window, refuses past the limit with the time left, and starts again in the next window', async () => {
    let now = 1_000_000;
    const limit = new RateLimit(createMemoryStore(() => now), { name: 'test', limit: 3, windowSeconds: 60 });
    for (let i = 0; i < 3; i++) assert.deepEqual(await limit.consume('a'), { allowed: true });
    now += 15_000;
    assert.deepEqual(await limit.consume('a'), { allowed: false, retryAfterSeconds: 45 });
    assert.deepEqual(await limit.consume('b'), { allowed: true });
    now += 45_000;
    assert.deepEqual(await limit.consume('a'), { allowed: true });
  });

  it('keeps at most the given number of counters, forgetting the oldest first', async () => {
    const limit = new RateLimit(createMemoryStore(Date.now, 3), { name: 'test', limit: 1, windowSeconds: 60 });
    for (const address of ['a', 'b', 'c']) await limit.consume(address);
    assert.equal((await limit.consume('a')).allowed, false);
    await limit.consume('d');
    // 'a' was the oldest window when 'd' needed room.
    assert.equal((await limit.consume('b')).allowed, false);
    assert.equal((await limit.consume('d')).allowed, false);
  });

  it('a refund hands back one count of a live window, never going below zero', async () => {
    let now = 1_000_000;
    const limit = new RateLimit(createMemoryStore(() => now), { name: 'test', limit: 2, windowSeconds: 60 });
    await limit.consume('a');
    await limit.consume('a');
    await limit.refund('a');
    assert.deepEqual(await limit.consume('a'), { allowed: true });
    assert.equal((await limit.consume('a')).allowed, false);
    now += 60_000;
    await limit.refund('a');
    await limit.refund('a');
    assert.deepEqual(await limit.consume('a'), { allowed: true });
    assert.deepEqual(await limit.consume('a'), { allowed: true });
    assert.equal((await limit.consume('a')).allowed, false);
  });
});

describe('rate limit shared through Redis', () => {
  let available = false;
  const servers: TestServer[] = [];
  before(async () => {
    available = await redisAnswers(REDIS_URL);
    if (!available) return;
    const env = { TRUST_PROXY: 'true', REDIS_URL };
    const first = await startTestServer({ env });
    // A second API process in all but the process: its own app and Redis connection, over the same database.
    servers.push(first, await startTestServer({ env, database: first.database }));
  });
  after(async () => {
    await servers[1]?.app.close();
    await servers[0]?.close();
  });

  it('two API processes share one allowance per address', async (t) => {
    if (!available) return t.skip(`no Redis at ${REDIS_URL}`);
    // A fresh address per run: counters left by an earlier run cannot interfere.
    const from = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const send = (server: TestServer) =>
      server.request(`${BASE}/logging`, { method: 'POST', headers: { 'x-forwarded-for': from }, body: JSON.stringify({ messageType: 'ERROR', message: 'x' }) });
    for (let i = 0; i < LOGGING_RATE.limit; i++) {
      const server = servers[i % 2];
      assert.ok(server);
      assert.equal((await send(server)).status, 204, `report ${i + 1}`);
    }
    for (const server of servers) {
      const limited = await send(server);
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
    }
  });

  it('a refund in Redis hands back one count and never goes below zero', async (t) => {
    if (!available) return t.skip(`no Redis at ${REDIS_URL}`);
    const store = createRedisStore(REDIS_URL, pino({ level: 'silent' }));
    try {
      const limit = new RateLimit(store, { name: `test-${randomBytes(6).toString('hex')}`, limit: 1, windowSeconds: 60 });
      assert.deepEqual(await limit.consume('a'), { allowed: true });
      await limit.refund('a');
      await limit.refund('a');
      assert.deepEqual(await limit.consume('a'), { allowed: true });
      assert.equal((await limit.consume('a')).allowed, false);
    } finally {
      await store.close();
    }
  });

  it('lets requests through when Redis cannot be reached', async () => {
    const store = createRedisStore('redis://127.0.0.1:1', pino({ level: 'silent' }));
    try {
      const limit = new RateLimit(store, { name: 'test', limit: 1, windowSeconds: 60 });
      assert.deepEqual(await limit.consume('a'), { allowed: true });
      assert.deepEqual(await limit.consume('a'), { allowed: true });
    } finally {
      await store.close();
    }
  });
});
