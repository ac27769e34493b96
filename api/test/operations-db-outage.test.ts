import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { startCuttableProxy } from './support/cuttable-proxy';
import { createTestDatabase } from './support/test-database';
import { BASE, startTestServer, type TestServer } from './support/test-server';

/** The server's JSON log lines, as a test reads them. */
function logCapture() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

const count = (lines: { msg: string }[], msg: string) => lines.filter((line) => line.msg === msg).length;

/** Requests a signed-in shopper makes all the time, each needing the database. */
function shopping(server: TestServer, token: string) {
  const paths = [`${BASE}/users/current`, `${BASE}/users/current/carts?shipTo=0000410001&salesOrg=DAIR`, `${BASE}/products/search?salesOrg=DAIR&query=milk`];
  let next = 0;
  return async () => {
    const path = paths[next++ % paths.length] ?? '';
    const response = await server.request(path, { token });
    const text = await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), text };
  };
}

describe('database outage: 503 with Retry-After, logged once when it starts and once when it ends', () => {
  it('answers 503 with Retry-After on every route once the database is closed, and logs it once', { timeout: 60_000 }, async () => {
    const { lines, logger } = logCapture();
    const database = await createTestDatabase();
    const server = await startTestServer({ database, logger });
    try {
      const token = await server.tokenFor('solo@example.com');
      const call = shopping(server, token);
      assert.equal((await call()).status, 200);
      await database.close();
      const answers = await Promise.all(Array.from({ length: 30 }, call));
      for (const answer of answers) {
        assert.equal(answer.status, 503, answer.text);
        assert.equal(answer.retryAfter, '5');
        assert.equal((JSON.parse(answer.text) as { errors: { type: string }[] }).errors[0]?.type, 'ServiceUnavailableError');
      }
      const signIn = await fetch(`${server.url}/authorizationserver/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('storefront:test-storefront-secret-0123456789').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      assert.equal(signIn.status, 503);
      assert.equal(signIn.headers.get('retry-after'), '5');
      assert.equal(((await signIn.json()) as { error: string }).error, 'temporarily_unavailable');
      assert.equal((await server.request('/health/ready')).status, 503);
      assert.equal(count(lines, 'database unavailable: answering 503 until it is back'), 1);
      assert.equal(lines.filter((line) => line.level >= 50).length, 1, JSON.stringify(lines.filter((line) => line.level >= 50)));
    } finally {
      await server.app.close();
    }
  });

  it(
    'keeps answering 200 or 503 (never 500) while PostgreSQL is stopped under load, and recovers by itself',
    { skip: process.env.TEST_DATABASE_URL ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL)', timeout: 120_000 },
    async () => {
      const { lines, logger } = logCapture();
      const direct = await createTestDatabase();
      const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? '');
      const proxy = await startCuttableProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
      const name = ((await direct.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]?.name ?? '';
      const viaProxy = new URL(serverUrl);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      viaProxy.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: viaProxy.toString(), poolSize: 10 });
      const server = await startTestServer({ database, logger, env: { TOKEN_CACHE_SECONDS: '0' } });
      try {
        const token = await server.tokenFor('solo@example.com');
        const answers: { status: number; retryAfter: string | null; text: string }[] = [];
        let running = true;
        const call = shopping(server, token);
        const client = async () => {
          while (running) answers.push(await call());
        };
        const clients = Array.from({ length: 8 }, client);
        const until = async (done: () => boolean, what: string) => {
          const deadline = Date.now() + 30_000;
          while (!done()) {
            if (Date.now() > deadline) {
              running = false;
              const seen = [...new Set(answers.map((answer) => `${answer.status} ${answer.text.slice(0, 120)}`))];
              assert.fail(`waited 30 s for ${what}; answers seen: ${seen.join(' | ')}`);
            }
            await sleep(10);
          }
        };
        await until(() => answers.length >= 30, '30 answers');
        await proxy.cut();
        await until(() => answers.filter((answer) => answer.status === 503).length >= 200, '200 answers 503 after the cut');
        const beforeRestore = answers.length;
        await proxy.restore();
        await until(() => answers.slice(beforeRestore).filter((answer) => answer.status === 200).length >= 30, '30 answers 200 after the restore');
        running = false;
        await Promise.all(clients);

        const others = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
        assert.deepEqual(others.map((answer) => `${answer.status} ${answer.text.slice(0, 200)}`), []);
        assert.ok(answers.filter((answer) => answer.status === 503).every((answer) => answer.retryAfter === '5'));
        await until(() => count(lines, 'database available again') === 1, 'the log line of the end of the outage');
        assert.equal(count(lines, 'database unavailable: answering 503 until it is back'), 1);
        assert.deepEqual(lines.filter((line) => line.msg === 'unhandled error'), []);
        assert.equal((await server.request('/health/ready')).status, 200);
      } finally {
        await server.app.close();
        await database.close();
        await proxy.close();
        await direct.close();
      }
    },
  );
});
