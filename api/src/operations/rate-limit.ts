import type { FastifyInstance } from 'fastify';
import { createMemoryStore } from './rate-limit-memory';
import { createRedisStore } from './rate-limit-redis';

export interface WindowCount {
  count: number;
  /** Milliseconds until the current window ends and the count starts again from zero. */
  resetInMs: number;
}

/** Fixed-window counters. In memory for one process; in Redis when several processes must share them. */
export interface RateLimitStore {
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes back one count from a live window (none when it has ended). */
  decrement(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitRule {
  /** Names the counter family, so two rules never share counters. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const verdict = (window: WindowCount, over: boolean): RateLimitVerdict =>
  over ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(window.resetInMs / 1000)) } : { allowed: true };

export class RateLimit {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rule: RateLimitRule,
  ) {}

  private key(subject: string) {
    return `${this.rule.name}:${subject}`;
  }

  /** Counts this request and says whether it is still within the limit. */
  async consume(subject: string): Promise<RateLimitVerdict> {
    const window = await this.store.increment(this.key(subject), this.rule.windowSeconds * 1000);
    return verdict(window, window.count > this.rule.limit);
  }

  /** Hands back a count taken by consume() for something that turned out not to count (a right password). */
  async refund(subject: string): Promise<void> {
    await this.store.decrement(this.key(subject));
  }
}

const stores = new WeakMap<object, RateLimitStore>();

/** One store per app (keyed by its deps), closed with the app; Redis when REDIS_URL is set (docs/operations.md). */
export function rateLimitFor(app: FastifyInstance, rule: RateLimitRule): RateLimit {
  let store = stores.get(app.deps);
  if (!store) {
    const { redisUrl } = app.deps.config;
    const created = redisUrl ? createRedisStore(redisUrl, app.log) : createMemoryStore();
    stores.set(app.deps, created);
    app.addHook('onClose', async () => {
      stores.delete(app.deps);
      await created.close();
    });
    store = created;
  }
  return new RateLimit(store, rule);
}
