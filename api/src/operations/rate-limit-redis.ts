import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitStore, WindowCount } from './rate-limit';

const PREFIX = 'mv:rl:';

/** INCR and the window's expiry in one round trip, atomically: the first hit of a window starts its clock. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/** DECR only a live window: on a key that has expired it would start a new one below zero, without expiry. */
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

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
    decrement: async (key) => {
      try {
        await redis.eval(DECREMENT, 1, PREFIX + key);
      } catch (error) {
        // The count stays: one try too many against an address for the rest of its window.
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'rate limit refund lost: redis failed');
      }
    },
    // quit() waits for a connection that may never come back; a store that is not connected just stops trying.
    close: async () => {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
