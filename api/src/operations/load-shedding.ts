import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';
import { serviceUnavailable } from '../http/errors';

/**
 * Load shedding: while the event loop lags or the heap is nearly full, every request is answered at once
 * with 503 and Retry-After instead of joining a queue it would leave seconds later (or never). A load
 * balancer then sends the work to another process, and the storefront tells the shopper to try again.
 * The episode is logged when it starts and when a request is served again, not per refused request.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: Config['loadShedding']): Promise<void> {
  let shedding: { since: number; refused: number } | undefined;

  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    sampleInterval: limits.sampleIntervalMs,
    pressureHandler: async (request, _reply, type, value) => {
      if (shedding === undefined) {
        shedding = { since: Date.now(), refused: 0 };
        request.log.warn({ type, value, limits }, 'under pressure: answering 503 until the load falls');
      }
      shedding.refused += 1;
      throw serviceUnavailable(limits.retryAfterSeconds, 'The server is busy, please try again shortly');
    },
  });

  app.addHook('onRequest', async (request) => {
    if (shedding === undefined) return;
    request.log.info({ sheddingMs: Date.now() - shedding.since, refusedRequests: shedding.refused }, 'load back under limits');
    shedding = undefined;
  });
}

/** Route config for routes that must answer however loaded the process is (liveness). */
export const neverShed = { pressureHandler: () => undefined };
