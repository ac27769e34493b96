/**
 * Preloaded into the API by bench/cart-orders.mjs (BENCH_COUNT_QUERIES=1, `node --import`): counts every
 * statement the API's PostgreSQL clients send, by text, with the time from sending it to its answer. On SIGUSR2
 * it writes the counts so far to `queryCountsFile(pid)`; the bench reads them before and after a run and
 * divides the difference by the requests answered. Patches node-postgres before the API loads it, so it
 * counts the same way on any commit.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { queryCountsFile } from './query-counts.mjs';

const counts = new Map();
let written = 0;

function record(text, started) {
  const entry = counts.get(text) ?? { count: 0, ms: 0 };
  entry.count += 1;
  entry.ms += performance.now() - started;
  counts.set(text, entry);
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, values, callback) {
  const text = typeof config === 'string' ? config : (config?.text ?? '(no text)');
  const started = performance.now();
  const result = query.call(this, config, values, callback);
  if (result && typeof result.then === 'function') {
    result.then(
      () => record(text, started),
      () => record(text, started),
    );
  } else {
    record(text, started);
  }
  return result;
};

process.on('SIGUSR2', () => {
  written += 1;
  writeFileSync(queryCountsFile(process.pid), JSON.stringify({ written, counts: [...counts] }));
});
