#!/usr/bin/env node
/**
 * Add to cart here beside add to cart on the Vendure peer (shared/peers/vendure, set up once with its
 * setup.sh), alternately in one run: each round runs `cart-orders.mjs --only add` and the peer's bench.sh
 * (which measures its search and cold start too; only its add_to_cart figures are read), the side that goes
 * first alternating. Prints each round's req/s and server + PostgreSQL CPU a request, and the medians of the
 * rounds' ratios (here / Vendure for req/s, Vendure / here for CPU). Target: issue 34, at least 20x.
 *
 *   node bench/beside-vendure.mjs [--rounds 3] [--peers ../shared/peers] -- [cart-orders.mjs options]
 *
 * The peer's knobs are its own environment variables (DURATION, CONNECTIONS, WARMUP, COLD_RUNS); this script
 * sets COLD_RUNS=1 unless given, and passes DURATION and WARMUP on to cart-orders.mjs when set.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './lib/process.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args, positionals: passThrough } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    peers: { type: 'string', default: resolve(REPO, '../shared/peers') },
  },
});
const ROUNDS = Number(args.rounds);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds must be a positive whole number');
const log = (message) => console.error(`[beside-vendure] ${message}`);

function run(command, commandArgs, env = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, commandArgs, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} ${commandArgs.join(' ')} exited with ${code}`))));
  });
}

async function ours(round) {
  const json = join(tmpdir(), `mv-beside-vendure-${process.pid}-${round}.json`);
  const timing = [...(process.env.DURATION ? ['--duration', process.env.DURATION] : []), ...(process.env.WARMUP ? ['--warmup', process.env.WARMUP] : [])];
  await run(process.execPath, [join(REPO, 'bench/cart-orders.mjs'), '--only', 'add', '--keep', ...(round > 1 ? ['--reuse'] : []), '--json', json, ...timing, ...passThrough]);
  const row = JSON.parse(readFileSync(json, 'utf8')).rows.find((r) => r.key === 'add');
  return { rps: row.rps, cpuMs: Number(row.apiCpu) + Number(row.pgCpu) };
}

async function vendure(round) {
  const json = join(tmpdir(), `mv-beside-vendure-${process.pid}-peer-${round}.json`);
  await run('bash', [join(args.peers, 'vendure/bench.sh')], { OUT: json, COLD_RUNS: process.env.COLD_RUNS ?? '1' });
  const add = JSON.parse(readFileSync(json, 'utf8')).add_to_cart;
  if (add.non2xx + add.errors + add.timeouts + add.graphql_or_body_errors > 0) throw new Error(`Vendure's add to cart had errors: ${JSON.stringify(add)}`);
  return { rps: add.req_per_s_avg, cpuMs: add.cpu.server_plus_pg_cpu_ms_per_request };
}

async function main() {
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(`round ${round}`);
    const sides = round % 2 === 1 ? [ours, vendure] : [vendure, ours];
    const [first, second] = [await sides[0](round), await sides[1](round)];
    rounds.push(round % 2 === 1 ? { ours: first, peer: second } : { ours: second, peer: first });
  }
  console.log('\n| round | add to cart req/s, here | Vendure | ratio | CPU ms a request (API + PG), here | Vendure | ratio |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  rounds.forEach(({ ours: o, peer: p }, i) =>
    console.log(`| ${i + 1} | ${o.rps} | ${p.rps} | ${(o.rps / p.rps).toFixed(1)}x | ${o.cpuMs.toFixed(2)} | ${p.cpuMs.toFixed(2)} | ${(p.cpuMs / o.cpuMs).toFixed(1)}x |`),
  );
  const rpsRatio = median(rounds.map(({ ours: o, peer: p }) => o.rps / p.rps));
  const cpuRatio = median(rounds.map(({ ours: o, peer: p }) => p.cpuMs / o.cpuMs));
  console.log(`\nmedian over ${ROUNDS} alternating rounds: throughput ${rpsRatio.toFixed(1)}x Vendure's, CPU a request 1/${cpuRatio.toFixed(1)} of Vendure's (target: 20x)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
