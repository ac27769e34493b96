import type { RateLimitStore, WindowCount } from './rate-limit';

/**
 * Expired counters are swept once a minute. If a flood of fresh addresses fills the store anyway, the oldest
 * counters go first: memory stays bounded (about 10 MB) at the price of forgetting the oldest addresses.
 */
const MAX_COUNTERS = 100_000;
const SWEEP_EVERY_MS = 60_000;

export function createMemoryStore(now: () => number = Date.now, maxCounters = MAX_COUNTERS): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();

  let sweptAt = now();

  const makeRoom = (at: number) => {
    if (at - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = at;
      for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    }
    // A Map iterates in insertion order (windows are re-inserted when they restart): oldest first.
    for (const key of windows.keys()) {
      if (windows.size < maxCounters) break;
      windows.delete(key);
    }
  };

  const live = (key: string, at: number) => {
    const window = windows.get(key);
    return window && window.resetAt > at ? window : undefined;
  };

  return {
    increment: async (key, windowMs): Promise<WindowCount> => {
      const at = now();
      let window = live(key, at);
      if (!window) {
        windows.delete(key);
        makeRoom(at);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - at };
    },
    decrement: async (key) => {
      const window = live(key, now());
      if (window && window.count > 0) window.count -= 1;
    },
    close: async () => {
      windows.clear();
    },
  };
}
