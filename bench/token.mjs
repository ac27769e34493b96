#!/usr/bin/env node
/**
 * Token endpoint throughput: requests/s and p50/p99 (autocannon, loopback) for a valid password sign-in and for
 * client_credentials, against the built API (`api/dist/main.js`) on a seeded embedded database.
 *
 * A password sign-in is bound by argon2id (19 MiB, 2 iterations, parallelism 1): each one is a full hash
 * verification on libuv's thread pool, so its ceiling is about (CPU cores) / (one verification's time), and it
 * also writes a token row. client_credentials costs one client-secret check (SHA-256) and one insert.
 *
 *   node bench/token.mjs [--duration 5] [--connections 10] [--engine pglite|postgres]
 *                        [--database-url postgres://postgres@127.0.0.1:5432/test]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { URLSearchParams, fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { formatLoad, runLoad } from './lib/load.mjs';
import { freePort, startProcess, waitForUrl } from './lib/process.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    engine: { type: 'string', default: 'pglite' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
if (!['pglite', 'postgres'].includes(args.engine)) throw new Error('--engine must be pglite or postgres');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const client = { id: 'storefront', secret: 'bench-storefront-secret-0123456789' };
const databaseName = `mv_bench_token_${process.pid}`;
const databaseUrl = Object.assign(new URL(args['database-url']), { pathname: `/${databaseName}` }).toString();
const dataDir = mkdtempSync(join(tmpdir(), 'mv-bench-token-'));
delete process.env.DATABASE_URL;

async function admin(statement) {
  const connection = new pg.Client({ connectionString: args['database-url'] });
  await connection.connect();
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

execFileSync('npm', ['run', 'build', '-w', 'api', '--silent'], { cwd: root, stdio: 'ignore' });
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', STOREFRONT_CLIENT_SECRET: client.secret };
if (args.engine === 'postgres') {
  await admin(`create database ${databaseName}`);
  Object.assign(env, { DATABASE_URL: databaseUrl });
  execFileSync('npm', ['run', 'seed', '-w', 'api', '--silent'], { cwd: root, stdio: 'ignore', env: { ...process.env, ...env } });
}
const port = await freePort();
const api = startProcess(process.execPath, [join(root, 'api/dist/main.js')], { cwd: root, env: { ...env, API_PORT: String(port) } });
try {
  await waitForUrl(`http://127.0.0.1:${port}/health/ready`, { process: api });
  const tokenRequest = (form) => ({
    url: `http://127.0.0.1:${port}/authorizationserver/oauth/token`,
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
    connections: Number(args.connections),
    duration: Number(args.duration),
  });
  console.log(`engine ${args.engine}; ${cpus().length} CPU cores; UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`);
  const password = await runLoad(
    tokenRequest({ grant_type: 'password', username: 'solo@example.com', password: 'Meadowvale-demo-1', channel: 'cfi' }),
  );
  console.log(formatLoad('password grant, valid login (argon2id-bound)', password));
  const clientCredentials = await runLoad(tokenRequest({ grant_type: 'client_credentials' }));
  console.log(formatLoad('client_credentials', clientCredentials));
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (args.engine === 'postgres') await admin(`drop database if exists ${databaseName} with (force)`);
}
