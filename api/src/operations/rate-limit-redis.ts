import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitStore, WindowCount } from './rate-limit';

const PREFIX = 'mv:rl:';

/** INCR and the window's expiry in one round trip, atomically: the first hit of a window starts its clock. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/**
 * Counters shared by every API process. When Redis cannot answer, the limit lets the request through
 * (and says so in the log): a Redis outage must not stop every sign-in, and the per-account lock,
 * kept in the database, still bounds guessing.
 */
export function createRedisStore(url: string, log: FastifyBaseLogger): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 2000, lazyConnect: false });
  redis.on('error', (error: Error) => log.warn({ err: error.message }, 'redis unavailable; rate limits fail open'));

  const failOpen = (error: unknown): WindowCount => {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'rate limit not applied: redis failed');
    return { count: 0, resetInMs: 0 };
  };

  return {
    increment: async (key, windowMs) => {
      try {
        const [count, ttl] = (await redis.eval(INCREMENT, 1, PREFIX + key, windowMs)) as [number, number];
        return { count, resetInMs: ttl > 0 ? ttl : windowMs };
      } catch (error) {
        return failOpen(error);
      }
    },
    peek: async (key) => {
      try {
        const [count, ttl] = await Promise.all([redis.get(PREFIX + key), redis.pttl(PREFIX + key)]);
        return { count: Number(count ?? 0), resetInMs: Math.max(ttl, 0) };
      } catch (error) {
        return failOpen(error);
      }
    },
    // quit() waits for a connection that may never come back; a store that is not connected just stops trying.
    close: async () => {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
