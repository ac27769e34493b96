import type { RateLimitStore, WindowCount } from './rate-limit';

/** Above this many live counters, expired ones are swept, so a flood of addresses cannot grow memory for good. */
const SWEEP_AT = 10_000;

export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();

  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
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
        if (windows.size >= SWEEP_AT) sweep(at);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - at };
    },
    peek: async (key): Promise<WindowCount> => {
      const at = now();
      const window = live(key, at);
      return window ? { count: window.count, resetInMs: window.resetAt - at } : { count: 0, resetInMs: 0 };
    },
    close: async () => {
      windows.clear();
    },
  };
}
