import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { BASE, startTestServer } from './support/test-server';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('database connections dropped under load', { skip: onPostgres ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL)' }, () => {
  it('crashes nothing, answers only 200 or 503 with Retry-After meanwhile, and recovers by itself', { timeout: 180_000 }, async (t) => {
    const server = await startTestServer();
    try {
      const token = await server.tokenFor('solo@example.com');
      const statuses: number[] = [];
      const leaks: string[] = [];
      let running = true;
      const client = async () => {
        while (running) {
          const response = await server.request(`${BASE}/users/current`, { token });
          statuses.push(response.status);
          const text = await response.text();
          const unavailable = response.status === 503 && response.headers.get('retry-after') !== null && text.includes('"ServiceUnavailableError"');
          if (response.status !== 200 && (!unavailable || /\bat |terminat|stack/i.test(text))) {
            leaks.push(`${response.status} ${text}`);
          }
        }
      };
      const clients = Array.from({ length: 8 }, client);
      // Paced by answers rather than by the clock, so a slow, shared machine still puts load around every cut.
      const afterRequests = async (count: number) => {
        const target = statuses.length + count;
        while (statuses.length < target) await sleep(5);
      };

      // What a database restart does to a pool: every other server process of this database ends at once.
      let terminated = 0;
      for (let round = 0; round < 3; round++) {
        await afterRequests(10);
        const result = (await server.database.db.execute(sql`
          select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`)) as unknown as { rows: { n: number }[] };
        terminated += Number(result.rows[0]?.n ?? 0);
      }
      await afterRequests(10);
      running = false;
      await Promise.all(clients);

      t.diagnostic(`${statuses.length} requests, ${statuses.filter((s) => s === 503).length} answered 503, ${terminated} connections terminated`);
      assert.ok(terminated > 0, 'no connection was terminated');
      assert.deepEqual(leaks, []);
      // Recovered without a restart: fresh requests and readiness succeed.
      for (let i = 0; i < 5; i++) {
        assert.equal((await server.request(`${BASE}/users/current`, { token })).status, 200);
      }
      assert.equal((await server.request('/health/ready')).status, 200);
    } finally {
      await server.close();
    }
  });

  it('survives a connection dropped between two queries of a transaction (no uncaught error event)', { timeout: 120_000 }, async () => {
    const server = await startTestServer({ seed: false });
    try {
      const { db } = server.database;
      const transaction = db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // Another pooled connection ends this one while the transaction holds it, idle between queries.
        await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state = 'idle in transaction'`);
        await sleep(200);
        await tx.execute(sql`select 1`);
      });
      await assert.rejects(transaction);
      assert.equal((await server.request('/health/ready')).status, 200);
    } finally {
      await server.close();
    }
  });
});
