import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import type { Database } from '../src/db/client';
import { loggerOptions } from '../src/operations/logger';
import { ReadableLog } from '../src/operations/readable-log';
import { createTestDatabase } from './support/test-database';
import { TEST_CLIENT } from './support/test-server';

const record = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 5, 9, 30, 0), pid: 1, hostname: 'h', ...fields });

describe('the readable log of demo mode', () => {
  test('a request is one line: method, path, status, time', () => {
    const log = new ReadableLog();
    assert.deepEqual(log.format(record({ reqId: 'r1', msg: 'incoming request', req: { method: 'GET', path: '/occ/v2/b2b/products/search' } })), []);
    const [line, ...rest] = log.format(record({ reqId: 'r1', msg: 'request completed', res: { statusCode: 200 }, responseTime: 12.4 }));
    assert.match(line ?? '', /^\d\d:\d\d:\d\d GET \/occ\/v2\/b2b\/products\/search 200 12 ms$/);
    assert.deepEqual(rest, []);
  });

  test('health probes are left out; other events keep their level, message and fields', () => {
    const log = new ReadableLog();
    log.format(record({ reqId: 'h', msg: 'incoming request', req: { method: 'GET', path: '/health/ready' } }));
    assert.deepEqual(log.format(record({ reqId: 'h', msg: 'request completed', res: { statusCode: 200 }, responseTime: 1 })), []);
    const [warning] = log.format(record({ level: 40, msg: 'rate limit reached', route: '/token' }));
    assert.match(warning ?? '', /^\d\d:\d\d:\d\d WARN rate limit reached \{"route":"\/token"\}$/);
    const lines = log.format(record({ level: 50, reqId: 'x', msg: 'boom', err: { message: 'boom', stack: 'Error: boom\n    at here' } }));
    assert.equal(lines.length, 3, 'an error shows its stack');
    assert.match(lines[0] ?? '', / ERROR boom$/);
  });

  test('a line that is not JSON passes through', () => {
    assert.deepEqual(new ReadableLog().format('plain text'), ['plain text']);
  });
});

describe('the API in demo mode logs one readable line per request; JSON otherwise', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase({ seed: false });
  });
  after(async () => database.close());

  async function logOf(format: 'json' | 'readable'): Promise<string[]> {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', API_PORT: '0', STOREFRONT_CLIENT_ID: TEST_CLIENT.id, STOREFRONT_CLIENT_SECRET: TEST_CLIENT.secret });
    const app: FastifyInstance = await buildApp({ config, database, logger: loggerOptions('info', format, out) });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      for (const path of ['/occ/v2/b2b/no-such-route?secret=x', '/occ/v2/b2b/catalogs/meadowvaleProductCatalog/Online/categories/DAIR']) {
        await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer();
      }
    } finally {
      await app.close();
    }
    return text.split('\n').filter((line) => line !== '');
  }

  test('readable: one line per request, no JSON, no query string', async () => {
    const lines = await logOf('readable');
    const requests = lines.filter((line) => /^\d\d:\d\d:\d\d (GET|POST) /.test(line));
    assert.equal(requests.length, 2, lines.join('\n'));
    assert.match(requests[0] ?? '', / GET \/occ\/v2\/b2b\/no-such-route 404 \d+ ms$/);
    assert.ok(lines.every((line) => !line.startsWith('{')), 'no JSON line');
    assert.ok(lines.every((line) => !line.includes('secret=x')));
  });

  test('json: the structured records, two per request', async () => {
    const lines = await logOf('json');
    const records = lines.map((line) => JSON.parse(line) as { msg?: string });
    assert.equal(records.filter((entry) => entry.msg === 'incoming request').length, 2);
    assert.equal(records.filter((entry) => entry.msg === 'request completed').length, 2);
  });
});
