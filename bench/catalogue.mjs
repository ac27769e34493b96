#!/usr/bin/env node
/**
 * Catalogue load benchmark: builds a catalogue of N products with the demo generator in a fresh database,
 * starts the API on it, and prints requests/s and p50/p99 latency (autocannon, loopback) for free-text
 * search, search with two facets, suggestions, a category tree and one product.
 *
 *   node bench/catalogue.mjs [--products 800] [--engine postgres|pglite] [--duration 10] [--connections 10]
 *                            [--database-url postgres://postgres@127.0.0.1:5432/test] [--reuse] [--keep]
 *                            [--only search,facets,browse,suggestions,categories,product]
 *
 * --reuse keeps an existing benchmark database of the same size instead of rebuilding it; --keep leaves it
 * behind afterwards; --only runs some scenarios. Every response is checked for status 200: a run with errors
 * says so. BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the API under load.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, URLSearchParams } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '800' },
    engine: { type: 'string', default: 'postgres' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '4180' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const PRODUCTS = Number(args.products);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
if (!Number.isInteger(PRODUCTS) || PRODUCTS < 1) throw new Error('--products must be a positive whole number');
if (!['postgres', 'pglite'].includes(args.engine)) throw new Error('--engine must be postgres or pglite');
const SCENARIO_KEYS = ['search', 'facets', 'browse', 'suggestions', 'categories', 'product'];
const ONLY = args.only === undefined ? SCENARIO_KEYS : args.only.split(',');
const unknownKey = ONLY.find((key) => !SCENARIO_KEYS.includes(key));
if (unknownKey !== undefined) throw new Error(`--only: unknown scenario '${unknownKey}' (one of ${SCENARIO_KEYS.join(', ')})`);

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../api');
const CLIENT = { id: 'storefront', secret: 'bench-storefront-secret-0123456789' };
const BASE = `http://127.0.0.1:${PORT}/occ/v2/b2b`;
// multi@example.com holds this ship-to with both ranges; its sold-to has its own prices.
const USER = { username: 'multi@example.com', password: 'Meadowvale-demo-1', shipTo: '0000410002' };
const TERMS = ['milk', 'cheese', 'yogurt', 'butter', 'gouda', 'organic', 'cream', 'mozzarella', 'chedar', 'semi sk',
  'eggs', 'feta', 'custard', 'brie', 'skyr', 'double cream', 'crème fraîche', 'salted', 'greek', 'mild cheddar'];
const SUGGEST_TERMS = ['chedd', 'mozza', 'skimm', 'yogur', 'butte', 'organ', 'cream', 'brookf', 'chedar', 'custa'];

const log = (message) => console.error(`[bench] ${message}`);

function run(command, commandArgs, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, commandArgs, { cwd: API_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} ${commandArgs.join(' ')} exited with ${code}`))));
  });
}

async function preparePostgres() {
  const name = `mv_bench_catalogue_${PRODUCTS}`;
  const admin = new pg.Client({ connectionString: args['database-url'] });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  const url = new URL(args['database-url']);
  url.pathname = `/${name}`;
  let fresh = !(args.reuse && exists);
  if (!fresh) {
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const count = await db.query('select count(*)::int as n from products').catch(() => ({ rows: [{ n: -1 }] }));
    await db.end();
    fresh = count.rows[0].n !== PRODUCTS;
  }
  if (fresh) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const env = { DATABASE_URL: url.toString() };
  const drop = async () => {
    const client = new pg.Client({ connectionString: args['database-url'] });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  // A freshly loaded table has no planner statistics and no visibility map (so no index-only scans) until
  // autovacuum gets to it; a production table has both.
  const analyze = async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query('vacuum analyze');
    await client.end();
  };
  return { env, fresh, analyze, databaseName: name, cleanup: args.keep ? async () => {} : drop };
}

function preparePglite() {
  const dir = mkdtempSync(join(tmpdir(), 'mv-bench-pglite-'));
  return { env: { DATA_DIR: dir }, fresh: true, cleanup: async () => (args.keep ? undefined : rmSync(dir, { recursive: true, force: true })) };
}

async function waitForApi(child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/health/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('API did not become ready within 120 s');
}

async function userToken() {
  const response = await fetch(`http://127.0.0.1:${PORT}/authorizationserver/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username: USER.username, password: USER.password, channel: 'cfi' }),
  });
  const body = await response.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

const qs = (params) => new URLSearchParams(params).toString();

function scenarios(token) {
  const priced = { salesOrg: 'DAIR', shipTo: USER.shipTo, pageSize: '20', fields: 'FULL' };
  const rotating = (paths) => {
    let i = 0;
    return () => paths[i++ % paths.length];
  };
  return [
    { key: 'search', name: 'search, free text (20 rotating terms)', next: rotating(TERMS.map((t) => `${BASE}/products/search?${qs({ ...priced, query: `${t}:relevance` })}`)) },
    {
      key: 'facets',
      name: 'search, free text + two facets',
      next: rotating(
        TERMS.map((t) => `${BASE}/products/search?${qs({ ...priced, query: `${t}:relevance:category:DAIR_CHEESE:storage:chilled` })}`),
      ),
    },
    { key: 'browse', name: 'browse, category + brand facets', next: rotating([`${BASE}/products/search?${qs({ ...priced, query: ':name-asc:category:DAIR_MILK:brand:Meadowvale' })}`]) },
    { key: 'suggestions', name: 'suggestions (10 rotating terms)', next: rotating(SUGGEST_TERMS.map((t) => `${BASE}/products/suggestions?${qs({ term: t, max: '10', salesOrg: 'DAIR' })}`)) },
    { key: 'categories', name: 'category tree (DAIR)', next: rotating([`${BASE}/catalogs/meadowvaleProductCatalog/Online/categories/DAIR?fields=DEFAULT`]) },
    { key: 'product', name: 'one product, priced', next: rotating([`${BASE}/products/100001?${qs({ salesOrg: 'DAIR', shipTo: USER.shipTo })}`]) },
  ]
    .filter((s) => ONLY.includes(s.key))
    .map((s) => ({ ...s, headers: { authorization: `Bearer ${token}` } }));
}

function load(scenario, duration) {
  return new Promise((resolvePromise, reject) => {
    const first = new URL(scenario.next());
    autocannon(
      {
        url: first.origin,
        connections: CONNECTIONS,
        duration,
        headers: scenario.headers,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf(scenario) }) }],
      },
      (error, result) => (error ? reject(error) : resolvePromise(result)),
    );
  });
}

/** autocannon wants a path; the scenario rotates full URLs. */
function pathOf(scenario) {
  const url = new URL(scenario.next());
  return url.pathname + url.search;
}

const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving the benchmark database (their process title names it). */
function backendPids(databaseName) {
  if (!databaseName) return [];
  return readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${databaseName} `);
    } catch {
      return false;
    }
  });
}

/**
 * CPU used by the API and its database backends over a window: unlike req/s on a shared machine, it does
 * not depend on who else was using the cores (the Vendure peer's harness reports the same measure).
 */
function cpuMeter(apiPid, databaseName) {
  const pids = [String(apiPid), ...backendPids(databaseName)];
  const before = new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
  return () => {
    const used = (pid) => cpuSeconds(pid) - (before.get(pid) ?? 0);
    const api = used(String(apiPid));
    return { api, database: backendPids(databaseName).reduce((sum, pid) => sum + used(pid), 0) };
  };
}

async function main() {
  const prepared = args.engine === 'postgres' ? await preparePostgres() : preparePglite();
  const env = { ...prepared.env, STOREFRONT_CLIENT_ID: CLIENT.id, STOREFRONT_CLIENT_SECRET: CLIENT.secret, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', NODE_ENV: 'production' };
  if (prepared.fresh) {
    const started = Date.now();
    log(`seeding ${PRODUCTS} products into ${args.engine}…`);
    await run(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts', '--products', String(PRODUCTS)], env);
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (prepared.analyze) await prepared.analyze();
  }
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const api = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env, API_PORT: String(PORT) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForApi(api);
    const token = await userToken();
    const rows = [];
    for (const scenario of scenarios(token)) {
      const probe = await fetch(scenario.next(), { headers: scenario.headers });
      if (probe.status !== 200) throw new Error(`${scenario.name}: HTTP ${probe.status} ${await probe.text()}`);
      if (WARMUP > 0) await load(scenario, WARMUP);
      const cpu = cpuMeter(api.pid, prepared.databaseName);
      const result = await load(scenario, DURATION);
      const used = cpu();
      const perRequest = (seconds) => ((seconds * 1000) / Math.max(1, result.requests.total)).toFixed(2);
      const cpuMs = perRequest(used.api + used.database);
      // PGlite runs inside the API process: there is no database process to tell apart.
      const split = args.engine === 'pglite' ? '—' : `${perRequest(used.api)} + ${perRequest(used.database)}`;
      const errors = result.errors + result.timeouts + result.non2xx;
      rows.push({ scenario: scenario.name, 'req/s': Math.round(result.requests.average), 'p50 ms': result.latency.p50, 'p99 ms': result.latency.p99, cpuMs, split, errors });
      log(`${scenario.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${cpuMs} CPU ms/request (API + PostgreSQL: ${split}), errors ${errors}`);
    }
    console.log(`\n${args.engine}, ${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION} s per scenario (after ${WARMUP} s warm-up)\n`);
    console.log(`CPU ms/request: API process + its PostgreSQL backends${args.engine === 'pglite' ? ' (PGlite runs inside the API process)' : ''}\n`);
    console.log('| scenario | req/s | p50 ms | p99 ms | CPU ms/request | API + PostgreSQL | errors |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) {
      console.log(`| ${row.scenario} | ${row['req/s']} | ${row['p50 ms']} | ${row['p99 ms']} | ${row.cpuMs} | ${row.split} | ${row.errors} |`);
    }
  } finally {
    // Let the last in-flight requests of the load generator finish before the API drains.
    await new Promise((r) => setTimeout(r, 500));
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await prepared.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
