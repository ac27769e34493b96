/**
 * The bench's side of count-queries.mjs: asks the API process for its statement counts (SIGUSR2) and
 * waits for the file it writes. Without the preload (BENCH_COUNT_QUERIES unset) every function answers
 * undefined.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const queryCountsFile = (pid) => join(tmpdir(), `mv-bench-queries-${pid}.json`);

const readFile = (pid) => {
  try {
    return JSON.parse(readFileSync(queryCountsFile(pid), 'utf8'));
  } catch {
    return { written: 0, counts: [] };
  }
};

/** The API's statement counts so far: Map text → { count, ms }. */
export async function readQueryCounts(pid) {
  if (!process.env.BENCH_COUNT_QUERIES) return undefined;
  const before = readFile(pid).written;
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const file = readFile(pid);
    if (file.written > before) return new Map(file.counts);
    await sleep(20);
  }
  throw new Error('the API did not write its statement counts within 5 s');
}

/** Statements sent since `before`: their total and, per request, the most frequent (text shortened). */
export async function queryCountsSince(pid, before) {
  if (before === undefined) return undefined;
  const after = await readQueryCounts(pid);
  const sent = [...after]
    .map(([text, { count, ms }]) => {
      const earlier = before.get(text) ?? { count: 0, ms: 0 };
      return { text: text.replace(/\s+/g, ' ').slice(0, 160), count: count - earlier.count, ms: ms - earlier.ms };
    })
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count);
  const total = sent.reduce((sum, entry) => sum + entry.count, 0);
  const top = (requests) =>
    sent.slice(0, 25).map((entry) => ({
      perRequest: Number((entry.count / Math.max(1, requests)).toFixed(2)),
      msPerCall: Number((entry.ms / entry.count).toFixed(3)),
      text: entry.text,
    }));
  return { total, top };
}
