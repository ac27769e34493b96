import { setTimeout as sleep } from 'node:timers/promises';

/** Well above what the work takes on a loaded machine (15-25 ms measured in CI), well below what a person notices. */
export const STEADY_ANSWER_MS = 150;

/**
 * Runs `work` and answers no sooner than `floorMs` after it began (real time, not the controllable clock).
 * For the answers that must not tell by their time whether an address is a customer (forgot password,
 * request an account, docs/people.md): the statements already do the same work either way, and the floor
 * hides what a busy machine still lets show (a commit that wakes a mail dispatcher, a cache that was warm).
 */
export async function takeAtLeast<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const left = floorMs - (performance.now() - started);
  if (left > 0) await sleep(left);
  return result;
}
