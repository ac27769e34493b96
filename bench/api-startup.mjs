#!/usr/bin/env node
/**
 * API start-up and memory: builds api/dist, then times `node api/dist/main.js` from spawn to the first 200 from
 * /health/ready — once cold (an empty DATA_DIR: migrations and demo-data seeding included) and several times warm
 * (the same DATA_DIR again) — and reads the resident memory (RSS) after a short load on GET /users/current.
 * Embedded PGlite by default, as `npm start` runs it; `--engine postgres` runs the same against a temporary
 * database on the server of `--database-url` (created empty, so the cold start migrates and seeds; dropped after).
 *
 *   node bench/api-startup.mjs [--engine pglite|postgres] [--database-url postgres://postgres@127.0.0.1:5432/test]
 *                              [--warm-runs 5] [--load-seconds 5] [--connections 10]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { formatLoad, runLoad } from './lib/load.mjs';
import { freePort, median, readRss, startProcess, waitForUrl } from './lib/process.mjs';

const { values: args } = parseArgs({
  options: {
    'warm-runs': { type: 'string', default: '5' },
    'load-seconds': { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    engine: { type: 'string', default: 'pglite' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
if (!['pglite', 'postgres'].includes(args.engine)) throw new Error('--engine must be pglite or postgres');
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const client = { id: 'storefront', secret: 'bench-storefront-secret-0123456789' };

execFileSync('npm', ['run', 'build', '-w', 'api', '--silent'], { cwd: root, stdio: 'ignore' });
const dataDir = mkdtempSync(join(tmpdir(), 'mv-bench-startup-'));
// The engine is chosen here, not by a DATABASE_URL left in the caller's shell.
delete process.env.DATABASE_URL;
const databaseName = `mv_bench_startup_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(args['database-url']);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function admin(statement) {
  const client = new pg.Client({ connectionString: args['database-url'] });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function startApi() {
  const port = await freePort();
  const since = performance.now();
  const api = startProcess(process.execPath, [join(root, 'api/dist/main.js')], {
    cwd: root,
    env: {
      DATA_DIR: dataDir,
      API_PORT: String(port),
      LOG_LEVEL: 'warn',
      STOREFRONT_CLIENT_SECRET: client.secret,
      ...(args.engine === 'postgres' ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  const readyMs = await waitForUrl(`http://127.0.0.1:${port}/health/ready`, { since, process: api });
  return { api, port, readyMs };
}

async function userToken(port) {
  const response = await fetch(`http://127.0.0.1:${port}/authorizationserver/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=password&username=multi%40example.com&password=Meadowvale-demo-1&channel=cfi',
  });
  const body = await response.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

try {
  if (args.engine === 'postgres') {
    await admin(`create database ${databaseName}`);
    // Outside demo mode the API does not seed by itself: the seed command fills the empty database first.
    const seedStarted = performance.now();
    execFileSync('npm', ['run', 'seed', '-w', 'api', '--silent'], { cwd: root, stdio: 'ignore', env: { ...process.env, DATABASE_URL: databaseUrl, STOREFRONT_CLIENT_SECRET: client.secret } });
    console.log(`engine postgres: npm run seed on an empty database took ${(performance.now() - seedStarted).toFixed(0)} ms`);
  } else {
    console.log('engine pglite (embedded, DATA_DIR)');
  }
  const cold = await startApi();
  const coldWhat = args.engine === 'postgres' ? 'first start on the seeded database' : 'empty DATA_DIR, migrate + seed demo data';
  console.log(`cold start (${coldWhat}) to ready: ${cold.readyMs.toFixed(0)} ms`);
  const coldExit = await cold.api.stop();
  if (coldExit.code !== 0) throw new Error(`API exited with ${JSON.stringify(coldExit)} on SIGTERM`);

  const warm = [];
  for (let run = 0; run < Number(args['warm-runs']); run++) {
    const started = await startApi();
    warm.push(started.readyMs);
    if (run < Number(args['warm-runs']) - 1) await started.api.stop();
    else {
      const idle = readRss(started.api.pid);
      const token = await userToken(started.port);
      const load = await runLoad({
        url: `http://127.0.0.1:${started.port}/occ/v2/b2b/users/current`,
        headers: { authorization: `Bearer ${token}` },
        connections: Number(args.connections),
        duration: Number(args['load-seconds']),
      });
      const loaded = readRss(started.api.pid);
      console.log(
        `warm start to ready: median ${median(warm).toFixed(0)} ms over ${warm.length} runs (${warm.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
      );
      console.log(formatLoad('load: GET /users/current', load));
      console.log(`RSS idle after start: ${idle.rssMiB.toFixed(1)} MiB`);
      console.log(`RSS after the load:   ${loaded.rssMiB.toFixed(1)} MiB (peak ${loaded.peakMiB.toFixed(1)} MiB)`);
      await started.api.stop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (args.engine === 'postgres') await admin(`drop database if exists ${databaseName} with (force)`);
}
