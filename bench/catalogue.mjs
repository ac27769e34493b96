#!/usr/bin/env node
/**
 * Catalogue load benchmark: builds a catalogue of N products with the demo generator in a fresh database,
 * starts the API on it, and prints requests/s and p50/p99 latency (autocannon, loopback) for free-text
 * search, search with two facets, suggestions, a category tree and one product, the CPU each request cost
 * and the API's memory after the load.
 *
 *   node bench/catalogue.mjs [--products 800|2000,100000] [--engine postgres|pglite] [--duration 10]
 *                            [--connections 10] [--database-url postgres://postgres@127.0.0.1:5432/test]
 *                            [--reuse] [--keep] [--search-index on|off]
 *                            [--only search,facets,browse,food,foodbrowse,suggestions,categories,product,pricesort,offers]
 *                            [--profile [--profile-top 25]] [--api-dir DIR --db-tag TAG] [--price-rules]
 *
 * Several sizes (--products 2000,100000) are measured one after the other in the same run, each on its own
 * database and API, and printed side by side with the ratios of the largest to the smallest. --reuse keeps
 * an existing benchmark database of the same size instead of rebuilding it; --keep leaves it behind
 * afterwards; --only runs some scenarios; --search-index off answers searches in SQL only (SEARCH_INDEX=off,
 * docs/decisions/002-search-at-scale.md). Every response is checked for status 200: a run with errors says
 * so. BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the API under load.
 *
 * --profile runs the API under V8's CPU profiler and prints, per scenario, where the API's CPU went during
 * the measured load, in milliseconds per request: by phase (matching, facet counting, ranking, pricing,
 * shaping and serialising the answer, the database client, Fastify…; PROFILE_PHASES below names them) and
 * the --profile-top functions by self time. The profiler slows the API, so its req/s and latencies are not
 * comparable with a run without it; compare the breakdowns of two --profile runs.
 *
 * After seeding (PostgreSQL), the products get allergens and dietary flags spread by a hash of their code (FOOD_DATA), so
 * the food scenarios filter as a real catalogue would: `food` is free text with free-from and avoid filters,
 * `foodbrowse` a category with free-from and dietary. --api-dir runs another checkout's API, seed and
 * migrations (e.g. a commit extracted with `git archive` into /tmp/mv-bench-<commit>, with a node_modules link),
 * on its own database named with --db-tag; a commit before food search answers the food scenarios with 400.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, URLSearchParams } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { nowMicros, readCpuProfile, summariseWindow } from './lib/cpu-profile.mjs';
import { readRss } from './lib/process.mjs';
import { BENCH_INVOICE_ENV } from './lib/invoice-env.mjs';
import { seedPriceRules } from './lib/price-rules.mjs';

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
    'search-index': { type: 'string', default: 'on' },
    profile: { type: 'boolean', default: false },
    'profile-top': { type: 'string', default: '25' },
    'api-dir': { type: 'string' },
    'price-rules': { type: 'boolean', default: false },
    'db-tag': { type: 'string', default: '' },
  },
});
const SIZES = args.products.split(',').map(Number);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
if (SIZES.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--products must be positive whole numbers, comma-separated');
if (!['on', 'off'].includes(args['search-index'])) throw new Error('--search-index must be on or off');
if (!['postgres', 'pglite'].includes(args.engine)) throw new Error('--engine must be postgres or pglite');
const SCENARIO_KEYS = ['search', 'facets', 'browse', 'food', 'foodbrowse', 'suggestions', 'categories', 'product', 'pricesort', 'offers'];
const ONLY = args.only === undefined ? SCENARIO_KEYS : args.only.split(',');
const unknownKey = ONLY.find((key) => !SCENARIO_KEYS.includes(key));
if (unknownKey !== undefined) throw new Error(`--only: unknown scenario '${unknownKey}' (one of ${SCENARIO_KEYS.join(', ')})`);

const API_DIR = resolve(args['api-dir'] ?? resolve(dirname(fileURLToPath(import.meta.url)), '../api'));
if (!/^[a-z0-9_]*$/.test(args['db-tag'])) throw new Error('--db-tag: lower-case letters, digits and _ only');

/**
 * Per allergen, contained, may contain, free or not supplied, and dietary flags, by a hash of the product code:
 * about half the products free from peanuts, a quarter holding milk, a third vegetarian.
 */
const FOOD_DATA = `update products set
  allergens_contained = array_remove(array[case when abs(hashtext(code || 'm')) % 4 = 0 then 'milk' end,
    case when abs(hashtext(code || 'e')) % 5 = 0 then 'eggs' end, case when abs(hashtext(code || 'g')) % 3 = 0 then 'gluten' end], null),
  allergens_may_contain = array_remove(array[case when abs(hashtext(code || 'p')) % 6 = 0 then 'peanuts' end,
    case when abs(hashtext(code || 'e')) % 5 = 1 then 'eggs' end], null),
  allergens_free = array_remove(array[case when abs(hashtext(code || 'm')) % 4 = 1 then 'milk' end,
    case when abs(hashtext(code || 'e')) % 5 in (2, 3) then 'eggs' end, case when abs(hashtext(code || 'p')) % 6 > 2 then 'peanuts' end,
    case when abs(hashtext(code || 's')) % 3 = 0 then 'sesame' end, case when abs(hashtext(code || 'g')) % 3 = 1 then 'gluten' end], null),
  dietary = array_remove(array[case when abs(hashtext(code || 'v')) % 3 = 0 then 'vegetarian' end,
    case when abs(hashtext(code || 'v')) % 6 = 0 then 'vegan' end, case when abs(hashtext(code || 'h')) % 4 = 0 then 'halal' end], null)`;
const CLIENT = { id: 'storefront', secret: 'bench-storefront-secret-0123456789' };
const BASE = `http://127.0.0.1:${PORT}/occ/v2/b2b`;
// multi@example.com holds this ship-to with both ranges; its sold-to has its own prices.
const USER = { username: 'multi@example.com', password: 'Meadowvale-demo-1', shipTo: '0000410002' };
const SOLD_TO = '0000100001';
const TERMS = ['milk', 'cheese', 'yogurt', 'butter', 'gouda', 'organic', 'cream', 'mozzarella', 'chedar', 'semi sk',
  'eggs', 'feta', 'custard', 'brie', 'skyr', 'double cream', 'crème fraîche', 'salted', 'greek', 'mild cheddar'];
const SUGGEST_TERMS = ['chedd', 'mozza', 'skimm', 'yogur', 'butte', 'organ', 'cream', 'brookf', 'chedar', 'custa'];

/**
 * The phases of a search, by the deepest frame of a sample's stack that names one (bench/lib/cpu-profile.mjs):
 * function rules first (the search's own steps, by name and file), then whole files and packages. The rules
 * also name the steps of the index before issue 26 (d607f69: visit, filterTest, keyFunction, comparator,
 * boundedHeap…), so a profile of that commit reads the same way; there, filtering and facet counting ran in an
 * unnamed closure and count under its caller.
 */
const INDEX = /\/src\/catalogue\/search-index\//;
const CATALOGUE = /\/src\/catalogue\//;
const PROFILE_PHASES = [
  { phase: 'matching (words, postings, match set)', file: INDEX, fn: /^(matchingSlots|lexemesOf|withPrefix|byteOrder|parseTextQuery|queryWords|distinctWords|forEachSetBit|rangeMatches|slotsOf|markSlots)$/ },
  { phase: 'filtering and facet counting', file: INDEX, fn: /^(visit|increment|indexFilters|filterTest|idsOf|passes|countFacets|countGroups|filterMatches|facetCountRows|valueSets)$/ },
  { phase: 'ranking, sorting and paging', file: INDEX, fn: /^(rankFound|andRank|orRank|sortKey|keyFunction|comparator|topK|boundedHeap|nthSmallest|key|sortKeys|addTerms)$/ },
  { phase: 'pricing', file: CATALOGUE, fn: /^(priced|pricesOf)$/ },
  { phase: 'shaping and serialising the answer', file: CATALOGUE, fn: /^(productView|searchFacets|breadcrumbs|rollUpCategories|formatSearchQuery|toggleFilter|isSelected)$/ },
  { phase: 'shaping and serialising the answer', fn: /^(stringify|serialize)$/ },
  { phase: 'database client (pg, drizzle)', fn: /^selectRows$/ },
  { phase: 'search index: other', file: INDEX },
  { phase: 'database client (pg, drizzle)', file: /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|drizzle-orm)\// },
  { phase: 'validating the request (zod)', file: /node_modules\/zod\// },
  { phase: 'Fastify', file: /node_modules\/(fastify|@fastify|find-my-way|avvio|fast-json-stringify|light-my-request|fast-querystring|process-warning|toad-cache)\// },
  { phase: 'logging', file: /node_modules\/(pino|pino-std-serializers|sonic-boom)\// },
  { phase: 'authentication', file: /\/src\/auth\// },
  { phase: 'other API code', file: /\/api\/src\// },
  { phase: 'Node.js (HTTP, sockets, timers)', file: /^node:/ },
];

const log = (message) => console.error(`[bench] ${message}`);

function run(command, commandArgs, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, commandArgs, { cwd: API_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} ${commandArgs.join(' ')} exited with ${code}`))));
  });
}

async function preparePostgres(products) {
  const name = `mv_bench_catalogue_${products}${args['price-rules'] ? '_rules' : ''}${args['db-tag'] === '' ? '' : `_${args['db-tag']}`}`;
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
    fresh = count.rows[0].n !== products;
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
    await client.query(FOOD_DATA);
    await client.query('vacuum analyze');
    await client.end();
  };
  return { env, fresh, analyze, databaseName: name, cleanup: args.keep ? async () => {} : drop };
}

function preparePglite() {
  const dir = mkdtempSync(join(tmpdir(), 'mv-bench-pglite-'));
  return { env: { DATA_DIR: dir }, fresh: true, cleanup: async () => (args.keep ? undefined : rmSync(dir, { recursive: true, force: true })) };
}

/** Waits for /health/ready, and with the search index on for it to answer searches from the index. */
async function waitForApi(child) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    const body = await fetch(`http://127.0.0.1:${PORT}/health/ready`).then((r) => (r.ok ? r.json() : null), () => null);
    if (body !== null && (args['search-index'] === 'off' || body.search === 'index')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('API did not become ready (with its search index) within 300 s');
}

/** Signs in; a 503 (the API shedding load, e.g. still collecting garbage after building its index) is retried for 30 s. */
async function userToken() {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await signIn();
    if (response.status !== 503 || Date.now() > deadline) {
      const body = await response.json();
      if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
      return body.access_token;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function signIn() {
  return fetch(`http://127.0.0.1:${PORT}/authorizationserver/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username: USER.username, password: USER.password, channel: 'cfi' }),
  });
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
    {
      key: 'food',
      name: 'search, free text + free from + avoid',
      next: rotating(TERMS.map((t) => `${BASE}/products/search?${qs({ ...priced, query: `${t}:relevance:freeFrom:peanuts:avoid:milk` })}`)),
    },
    {
      key: 'foodbrowse',
      name: 'browse, category + free from + dietary',
      next: rotating([`${BASE}/products/search?${qs({ ...priced, query: ':name-asc:category:DAIR_CHEESE:freeFrom:peanuts:freeFrom:sesame:dietary:vegetarian' })}`]),
    },
    { key: 'suggestions', name: 'suggestions (10 rotating terms)', next: rotating(SUGGEST_TERMS.map((t) => `${BASE}/products/suggestions?${qs({ term: t, max: '10', salesOrg: 'DAIR' })}`)) },
    { key: 'categories', name: 'category tree (DAIR)', next: rotating([`${BASE}/catalogs/meadowvaleProductCatalog/Online/categories/DAIR?fields=DEFAULT`]) },
    { key: 'product', name: 'one product, priced', next: rotating([`${BASE}/products/100001?${qs({ salesOrg: 'DAIR', shipTo: USER.shipTo })}`]) },
    // Sorted by the price paid, offers included (docs/pricing.md "Search by the price paid").
    { key: 'pricesort', name: 'search, free text by price (lowest first)', next: rotating(TERMS.map((t) => `${BASE}/products/search?${qs({ ...priced, query: `${t}:price-asc` })}`)) },
    { key: 'offers', name: 'browse, special offers', next: rotating([`${BASE}/products/search?${qs({ ...priced, query: ':name-asc:collection:specialoffers' })}`]) },
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

/** One size: its database, its API, every scenario. */
async function measure(products) {
  const prepared = args.engine === 'postgres' ? await preparePostgres(products) : preparePglite();
  const env = {
    ...prepared.env,
    STOREFRONT_CLIENT_ID: CLIENT.id,
    STOREFRONT_CLIENT_SECRET: CLIENT.secret,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
    ...BENCH_INVOICE_ENV,
    SEARCH_INDEX: args['search-index'],
  };
  if (prepared.fresh) {
    const started = Date.now();
    log(`seeding ${products} products into ${args.engine}…`);
    await run(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts', '--products', String(products)], env);
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (args['price-rules']) {
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      await seedPriceRules(db, SOLD_TO, log).finally(() => db.end());
    }
    if (prepared.analyze) await prepared.analyze();
  }
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const profileDir = args.profile ? mkdtempSync(join(tmpdir(), 'mv-bench-profile-')) : undefined;
  if (profileDir !== undefined) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval', '500');
  const windows = [];
  const spawned = Date.now();
  const api = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env, API_PORT: String(PORT) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let measured;
  try {
    await waitForApi(api);
    const readySeconds = (Date.now() - spawned) / 1000;
    const readyMemory = readRss(api.pid);
    log(`${products} products: API ready${args['search-index'] === 'on' ? ' with its search index' : ''} in ${readySeconds.toFixed(1)} s, RSS ${readyMemory.rssMiB.toFixed(0)} MiB`);
    const token = await userToken();
    const rows = [];
    for (const scenario of scenarios(token)) {
      const probe = await fetch(scenario.next(), { headers: scenario.headers });
      if (probe.status !== 200) throw new Error(`${scenario.name}: HTTP ${probe.status} ${await probe.text()}`);
      if (WARMUP > 0) await load(scenario, WARMUP);
      const cpu = cpuMeter(api.pid, prepared.databaseName);
      const from = nowMicros();
      const result = await load(scenario, DURATION);
      windows.push({ key: scenario.key, from, to: nowMicros(), requests: result.requests.total });
      const used = cpu();
      const perRequest = (seconds) => ((seconds * 1000) / Math.max(1, result.requests.total)).toFixed(2);
      const cpuMs = perRequest(used.api + used.database);
      // PGlite runs inside the API process: there is no database process to tell apart.
      const split = args.engine === 'pglite' ? '—' : `${perRequest(used.api)} + ${perRequest(used.database)}`;
      const errors = result.errors + result.timeouts + result.non2xx;
      rows.push({ key: scenario.key, scenario: scenario.name, 'req/s': Math.round(result.requests.average), 'p50 ms': result.latency.p50, 'p99 ms': result.latency.p99, cpuMs, split, errors });
      log(`${scenario.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${cpuMs} CPU ms/request (API + PostgreSQL: ${split}), errors ${errors}`);
    }
    const memory = readRss(api.pid);
    measured = { products, rows, readySeconds, rssMiB: memory.rssMiB, peakMiB: memory.peakMiB, windows };
  } finally {
    // Let the last in-flight requests of the load generator finish before the API drains.
    await new Promise((r) => setTimeout(r, 500));
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await prepared.cleanup();
  }
  return profileDir === undefined ? measured : { ...measured, profile: readProfile(measured, profileDir) };
}

/** Where the API's CPU went in each scenario's measured window, per request (the profile is written at exit). */
function readProfile(size, profileDir) {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error(`--profile: the API wrote no profile in ${profileDir}`);
  const profile = readCpuProfile(join(profileDir, file));
  rmSync(profileDir, { recursive: true, force: true });
  return size.windows.map((window) => ({
    ...window,
    ...summariseWindow(profile, { from: window.from, to: window.to, rules: PROFILE_PHASES, top: Number(args['profile-top']) }),
  }));
}

function printSize(size) {
  console.log(`\n${args.engine}, ${size.products} products, search index ${args['search-index']}, ${CONNECTIONS} connections, ${DURATION} s per scenario (after ${WARMUP} s warm-up)`);
  console.log(`API ready${args['search-index'] === 'on' ? ' with its search index built' : ''} ${size.readySeconds.toFixed(1)} s after spawning; RSS after the load ${size.rssMiB.toFixed(0)} MiB (peak ${size.peakMiB.toFixed(0)} MiB)`);
  console.log(`CPU ms/request: API process + its PostgreSQL backends${args.engine === 'pglite' ? ' (PGlite runs inside the API process)' : ''}\n`);
  console.log('| scenario | req/s | p50 ms | p99 ms | CPU ms/request | API + PostgreSQL | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const row of size.rows) {
    console.log(`| ${row.scenario} | ${row['req/s']} | ${row['p50 ms']} | ${row['p99 ms']} | ${row.cpuMs} | ${row.split} | ${row.errors} |`);
  }
}

/** The smallest and largest size side by side: throughput kept (large ÷ small) and p99 grown (large ÷ small). */
function printComparison(small, large) {
  const ratio = (a, b) => (b === 0 ? '—' : (a / b).toFixed(2));
  console.log(`\n${small.products} against ${large.products} products, same run: req/s, p50 / p99 ms, CPU ms/request; ratios ${large.products} ÷ ${small.products}\n`);
  console.log(`| scenario | ${small.products} | ${large.products} | throughput ratio | p99 ratio | CPU ratio |`);
  console.log('|---|---|---|---:|---:|---:|');
  const cell = (row) => `${row['req/s']} · ${row['p50 ms']} / ${row['p99 ms']} · ${row.cpuMs}`;
  for (const row of small.rows) {
    const other = large.rows.find((r) => r.key === row.key);
    if (!other) continue;
    console.log(
      `| ${row.scenario} | ${cell(row)} | ${cell(other)} | ${ratio(other['req/s'], row['req/s'])} | ${ratio(other['p99 ms'], row['p99 ms'])} | ${ratio(Number(other.cpuMs), Number(row.cpuMs))} |`,
    );
  }
  console.log(`| API RSS after load (MiB) | ${small.rssMiB.toFixed(0)} | ${large.rssMiB.toFixed(0)} | | | |`);
}

/** Per scenario: milliseconds of API CPU per request by phase, then the functions with the most self time. */
function printProfile(size) {
  for (const window of size.profile) {
    const scenario = size.rows.find((row) => row.key === window.key)?.scenario ?? window.key;
    const perRequest = (ms) => (ms / Math.max(1, window.requests)).toFixed(3);
    console.log(`\nWhere the API's CPU went, ${size.products} products, ${scenario}: ${perRequest(window.busyMs)} ms/request busy over ${window.requests} requests (profiled)\n`);
    console.log('| phase | ms/request | share |');
    console.log('|---|---:|---:|');
    for (const [phase, ms] of window.byPhase) console.log(`| ${phase} | ${perRequest(ms)} | ${((100 * ms) / window.busyMs).toFixed(1)}% |`);
    console.log(`\n| function (self time) | where | phase | ms/request |`);
    console.log('|---|---|---|---:|');
    for (const fn of window.functions) console.log(`| ${fn.name} | ${fn.where} | ${fn.phase} | ${perRequest(fn.ms)} |`);
  }
}

async function main() {
  const sizes = [];
  for (const products of SIZES) sizes.push(await measure(products));
  for (const size of sizes) printSize(size);
  if (args.profile) for (const size of sizes) printProfile(size);
  if (sizes.length > 1) {
    const bySize = [...sizes].sort((a, b) => a.products - b.products);
    printComparison(bySize[0], bySize[bySize.length - 1]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
