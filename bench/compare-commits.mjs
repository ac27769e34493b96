#!/usr/bin/env node
/**
 * Benches this checkout's API beside another commit's, alternately, in one run: each round runs
 * bench/cart-orders.mjs (this checkout's harness) once for each side, the side that goes first alternating,
 * each side on its own database (built on the first round, reused after). Prints every round's figures and,
 * per scenario, the median of the rounds' ratios (this checkout / the other): throughput, API and PostgreSQL
 * CPU a request, statements a request. Read CPU a request on a busy machine; req/s only on a quiet one.
 *
 *   node bench/compare-commits.mjs [--base 3ec9f6c] [--rounds 3] [--base-dir /tmp/mv-bench-<commit>]
 *                                  [--drop] -- [cart-orders.mjs options: --only add,update,order --duration 10 …]
 *
 * The other commit is extracted with `git archive` into --base-dir (once) and runs on this checkout's
 * node_modules (a symbolic link): fine while its dependencies are a subset of these, as for 3ec9f6c (which has no
 * spending limits: bench `limits` with cart-orders.mjs alone, beside `order` in its own run). Statement
 * counts come with BENCH_COUNT_QUERIES=1 in the environment. --drop removes both databases at the end.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './lib/process.mjs';

const { values: args, positionals: passThrough } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: '3ec9f6c' },
    rounds: { type: 'string', default: '3' },
    'base-dir': { type: 'string' },
    drop: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds must be a positive whole number');
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const log = (message) => console.error(`[compare] ${message}`);

function extractBase() {
  const commit = execFileSync('git', ['rev-parse', '--short', args.base], { cwd: REPO, encoding: 'utf8' }).trim();
  const dir = args['base-dir'] ?? join(tmpdir(), `mv-bench-${commit}`);
  if (!existsSync(join(dir, 'api/src/main.ts'))) {
    log(`extracting ${commit} into ${dir}`);
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C '${dir}'`], { cwd: REPO, stdio: 'inherit' });
  }
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  return { commit, dir };
}

function runBench(side, round, extra) {
  const json = join(tmpdir(), `mv-compare-${process.pid}-${side.tag}-${round}.json`);
  // One order/limits round a run unless asked otherwise: this script does the alternating.
  const benchArgs = [join(REPO, 'bench/cart-orders.mjs'), '--rounds', '1', '--api-dir', join(side.dir, 'api'), '--db-tag', side.tag, '--port', String(side.port), '--keep', '--json', json, ...extra, ...passThrough];
  log(`round ${round}: ${side.label}`);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, benchArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolvePromise(JSON.parse(readFileSync(json, 'utf8')).rows) : reject(new Error(`${side.label}: cart-orders.mjs exited with ${code}`))));
  });
}

async function main() {
  const base = extractBase();
  const sides = [
    { tag: 'head', label: 'this checkout', dir: REPO, port: 4191 },
    { tag: `base_${base.commit}`, label: base.commit, dir: base.dir, port: 4192 },
  ];
  const results = { head: [], base: [] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order = round % 2 === 1 ? sides : [...sides].reverse();
    for (const side of order) {
      // The first round of each side builds its database; later rounds reuse it.
      const rows = await runBench(side, round, round === 1 ? [] : ['--reuse']);
      results[side === sides[0] ? 'head' : 'base'].push(rows);
    }
  }
  const scenarios = [...new Set(results.head.flat().map((row) => row.key))];
  const fixed = (value) => (Number.isFinite(value) ? value.toFixed(2) : '-');
  console.log(`\nthis checkout against ${base.commit}, ${ROUNDS} alternating rounds (${passThrough.join(' ')})\n`);
  console.log(`| scenario | round | req/s (this / ${base.commit}) | API CPU ms/req | PG CPU ms/req | statements/req |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  const ratios = new Map(scenarios.map((key) => [key, { rps: [], api: [], pg: [], cpu: [] }]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const key of scenarios) {
      const pick = (side) => results[side][round].filter((row) => row.key === key);
      const [heads, bases] = [pick('head'), pick('base')];
      heads.forEach((head, i) => {
        const other = bases[i];
        if (!other) return;
        const r = ratios.get(key);
        r.rps.push(head.rps / other.rps);
        r.api.push(head.apiCpu / other.apiCpu);
        r.pg.push(head.pgCpu / other.pgCpu);
        r.cpu.push((Number(head.apiCpu) + Number(head.pgCpu)) / (Number(other.apiCpu) + Number(other.pgCpu)));
        console.log(`| ${key} | ${round + 1} | ${head.rps} / ${other.rps} | ${head.apiCpu} / ${other.apiCpu} | ${head.pgCpu} / ${other.pgCpu} | ${head.statements ?? '-'} / ${other.statements ?? '-'} |`);
      });
    }
  }
  console.log(`\n| scenario | throughput ratio (median) | API CPU ratio | PG CPU ratio | API+PG CPU ratio |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const [key, r] of ratios) console.log(`| ${key} | ${fixed(median(r.rps))}x | ${fixed(median(r.api))}x | ${fixed(median(r.pg))}x | ${fixed(median(r.cpu))}x |`);
  if (args.drop) {
    const url = passThrough.includes('--database-url') ? passThrough[passThrough.indexOf('--database-url') + 1] : 'postgres://postgres@127.0.0.1:5432/test';
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const names = (await admin.query("select datname from pg_database where datname like 'mv_bench_cart_orders_%' and (datname like '%_head' or datname like $1)", [`%_${sides[1].tag}`])).rows;
    for (const { datname } of names) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
