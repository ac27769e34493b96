#!/usr/bin/env node
/**
 * Stock feed benchmark (docs/stock.md): PUT /admin/v1/stock with N rows beside the prices import of N rows
 * (POST /admin/v1/imports/prices, CSV, a real run) on the same API and database, alternately for `--rounds`
 * rounds. Prints each side's times, the ratio of their medians (target: the feed < 2x the import) and the worst
 * and 99th-percentile latency of GET /health/live, asked one after another all through each upload.
 *
 *   node bench/stock-feed.mjs [--rows 100000] [--rounds 3] [--database-url postgres://postgres@127.0.0.1:5432/test]
 *
 * The database is the demo seed with rows/2 products (`npm run seed -- --products N`): the prices are two sold-tos'
 * own for each product, the stock two delivery dates of each; every round sends new values, so both sides write
 * every row each time.
 */
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, median, startProcess, waitForUrl } from './lib/process.mjs';
import { BENCH_INVOICE_ENV } from './lib/invoice-env.mjs';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const ROWS = Number(args.rows);
const ROUNDS = Number(args.rounds);
if (!Number.isInteger(ROWS) || ROWS < 2 || ROWS % 2 !== 0) throw new Error('--rows must be an even whole number');
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds must be a positive whole number');
const PRODUCTS = ROWS / 2;

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../api');
const CLIENT = { id: 'storefront', secret: 'bench-storefront-secret-0123456789' };
const SECRETS = { STOREFRONT_CLIENT_ID: CLIENT.id, STOREFRONT_CLIENT_SECRET: CLIENT.secret, SESSION_SECRET: 'bench-session-secret-0123456789-0123456789' };
const log = (message) => console.error(`[bench] ${message}`);

/** A fresh PostgreSQL database (dropped afterwards), with a way to read it. */
async function freshTarget() {
  const name = 'mv_bench_stock_feed';
  const admin = new pg.Client({ connectionString: args['database-url'] });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(args['database-url']);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    query: async (text) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text)).rows;
      } finally {
        await client.end();
      }
    },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: args['database-url'] });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function seed(target, products) {
  const child = startProcess(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts', '--products', String(products)], { cwd: API_DIR, env: { ...target.env, ...SECRETS, LOG_LEVEL: 'warn' } });
  const { code } = await child.exited;
  if (code !== 0) throw new Error(`seed failed (${code}): ${child.output()}`);
}

async function operatorToken(base) {
  const response = await fetch(`${base}/admin/v1/auth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@meadowvale.example', password: 'Meadowvale-demo-1' }),
  });
  const body = await response.json();
  if (!body.access_token) throw new Error(`operator sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Asks GET /health/live one request after another until `done` resolves; answers each answer's milliseconds. */
async function probeLiveness(base, done) {
  const latencies = [];
  let finished = false;
  done.finally(() => {
    finished = true;
  });
  while (!finished) {
    const started = performance.now();
    const response = await fetch(`${base}/health/live`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/health/live answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** One upload with the liveness probe beside it: its time, its answer, the probe's latencies. */
async function timed(base, send) {
  const started = performance.now();
  const upload = send();
  const latencies = await probeLiveness(base, upload);
  const { status, body } = await upload;
  if (status !== 200) throw new Error(`upload failed (${status}): ${JSON.stringify(body).slice(0, 500)}`);
  return { ms: performance.now() - started, body, latencies };
}

const pounds = (pence) => `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

async function importPrices(base, token, soldTos, codes, round) {
  const lines = ['soldTo,product,price'];
  for (const soldTo of soldTos) codes.forEach((code, index) => lines.push(`${soldTo},${code},${pounds(500 + ((index + round) % 3000))}`));
  const response = await fetch(`${base}/admin/v1/imports/prices?fileName=bench-prices-${round}.csv`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: `${lines.join('\n')}\n` });
  const body = await response.json();
  return { status: response.status === 200 && body.outcome === 'applied' ? 200 : response.status, body };
}

async function feedStock(base, token, dates, codes, round) {
  const levels = [];
  for (const deliveryDate of dates) codes.forEach((product, index) => levels.push({ product, deliveryDate, available: (index + round) % 40 }));
  const response = await fetch(`${base}/admin/v1/stock`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ levels }) });
  return { status: response.status, body: await response.json() };
}

const worst = (values) => Math.max(...values);
const p99 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? NaN;

log(`seeding ${PRODUCTS} products`);
const target = await freshTarget();
let api;
try {
  await seed(target, PRODUCTS);
  const codes = (await target.query(`select code from products order by code limit ${PRODUCTS}`)).map((row) => row.code);
  const soldTos = (await target.query('select code from sold_tos order by code limit 2')).map((row) => row.code);
  if (codes.length !== PRODUCTS || soldTos.length !== 2) throw new Error(`the seed made ${codes.length} products and ${soldTos.length} sold-tos`);
  const port = await freePort();
  api = startProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: API_DIR, env: { ...target.env, ...SECRETS, API_PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...BENCH_INVOICE_ENV } });
  const base = `http://127.0.0.1:${port}`;
  await waitForUrl(`${base}/health/ready`, { process: api });
  const token = await operatorToken(base);
  const dates = ['2027-03-01', '2027-03-02'];
  const prices = [];
  const stock = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // The side going first alternates, so neither always finds the other's work still settling (autovacuum, the search index).
    const sides = [
      async () => prices.push(await timed(base, () => importPrices(base, token, soldTos, codes, round))),
      async () => stock.push(await timed(base, () => feedStock(base, token, dates, codes, round))),
    ];
    for (const side of round % 2 ? sides : sides.reverse()) await side();
    log(`round ${round}: prices ${(prices.at(-1).ms / 1000).toFixed(2)} s, stock ${(stock.at(-1).ms / 1000).toFixed(2)} s`);
  }
  const line = (name, runs) =>
    `${name}: ${runs.map((run) => (run.ms / 1000).toFixed(2)).join(', ')} s (median ${(median(runs.map((run) => run.ms)) / 1000).toFixed(2)} s); /health/live during it: worst ${worst(runs.flatMap((run) => run.latencies)).toFixed(0)} ms, p99 ${p99(runs.flatMap((run) => run.latencies)).toFixed(0)} ms, ${runs.reduce((sum, run) => sum + run.latencies.length, 0)} answers`;
  console.log(`PostgreSQL, ${ROWS} rows each side (${PRODUCTS} products), ${ROUNDS} rounds alternating`);
  console.log(line('prices import (reference)', prices));
  console.log(line('stock feed', stock));
  console.log(`ratio stock feed / prices import (medians): ${(median(stock.map((run) => run.ms)) / median(prices.map((run) => run.ms))).toFixed(2)}x (target < 2x)`);
  console.log(`last feed's answer: ${JSON.stringify(stock.at(-1).body)}`);
} finally {
  await api?.stop();
  await target.cleanup();
}
