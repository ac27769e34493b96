#!/usr/bin/env node
/**
 * What the metrics cost a request (docs/metrics.md): the built API (`api/dist/main.js`) twice on one seeded
 * PostgreSQL database, one with METRICS_PORT set (request histogram, scrape-time gauges) and one without, loaded
 * alternately `--rounds` times (after a warm-up) on the same routes: `/health/live` (no work: the per-request cost at its most
 * visible) and `/health/ready` (one database round trip). Prints each run, and per route the ratio with/without of each round and their median;
 * while it runs the metrics side is scraped every second, as Prometheus would (every 15-30 s) only more often.
 * Request and trace ids (tracing/) are on in both: they are not optional.
 *
 *   node bench/metrics-overhead.mjs [--rounds 3] [--duration 5] [--connections 10]
 *                                   [--database-url postgres://postgres@127.0.0.1:5432/test]
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { clearInterval, setInterval } from 'node:timers';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { formatLoad, runLoad } from './lib/load.mjs';
import { freePort, median, startProcess, waitForUrl } from './lib/process.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const secret = 'bench-storefront-secret-0123456789';
const databaseName = `mv_bench_metrics_${process.pid}`;
const databaseUrl = Object.assign(new URL(args['database-url']), { pathname: `/${databaseName}` }).toString();

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
await admin(`create database ${databaseName}`);
const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', STOREFRONT_CLIENT_SECRET: secret, LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' };
const started = [];
try {
  execFileSync('npm', ['run', 'seed', '-w', 'api', '--silent'], { cwd: root, stdio: 'ignore', env: { ...process.env, ...env } });
  const sides = [];
  for (const metrics of [true, false]) {
    const port = await freePort();
    const metricsPort = metrics ? await freePort() : undefined;
    const api = startProcess(process.execPath, [join(root, 'api/dist/main.js')], {
      cwd: root,
      env: { ...env, API_PORT: String(port), ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}) },
    });
    started.push(api);
    await waitForUrl(`http://127.0.0.1:${port}/health/ready`, { process: api });
    sides.push({ label: metrics ? 'with metrics' : 'without', port, metricsPort, runs: {} });
  }
  const scrapeSide = sides.find((side) => side.metricsPort);
  const scraper = setInterval(() => void fetch(`http://127.0.0.1:${scrapeSide.metricsPort}/metrics`).then((r) => r.text()).catch(() => undefined), 1000);
  console.log(`${cpus().length} CPU cores; load average before ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  const routes = ['/health/live', '/health/ready'];
  // A first load of each side is JIT warm-up, not the steady state being compared.
  for (const side of sides) for (const route of routes) await runLoad({ url: `http://127.0.0.1:${side.port}${route}`, connections: Number(args.connections), duration: 2 });
  try {
    for (let round = 1; round <= Number(args.rounds); round++) {
      // Alternate which side goes first, so a drift in the machine's load favours neither.
      const order = round % 2 ? sides : [...sides].reverse();
      for (const route of routes) {
        for (const side of order) {
          const load = await runLoad({ url: `http://127.0.0.1:${side.port}${route}`, connections: Number(args.connections), duration: Number(args.duration) });
          (side.runs[route] ??= []).push(load);
          console.log(formatLoad(`round ${round} ${route} ${side.label}`, load));
        }
      }
    }
  } finally {
    clearInterval(scraper);
  }
  console.log(`load average after ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  for (const route of routes) {
    // Each round's two runs were back to back: their ratio is the least disturbed by the machine's other work.
    const [withRuns, withoutRuns] = sides.map((side) => side.runs[route].map((load) => load.requestsPerSecond));
    const ratios = withRuns.map((value, index) => value / withoutRuns[index]);
    console.log(`${route}: req/s with/without metrics per round ${ratios.map((ratio) => ratio.toFixed(3)).join(' ')}; median ${median(ratios).toFixed(3)}`);
  }
} finally {
  for (const api of started) await api.stop();
  await admin(`drop database if exists ${databaseName} with (force)`);
}
