import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import { serviceUnavailable } from '../http/errors';

/** The histogram's timer, in ms: each of its samples is late by at least this much. */
const RESOLUTION_MS = 10;

/**
 * The event loop's mean delay over the last sampling interval. An interval with no sample (the sampling timer
 * ran before the histogram's) tells nothing, so the last figure stands: never Infinity, which would shed every
 * request (as @fastify/under-pressure's own measure does).
 */
export class EventLoopDelay {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private timer: NodeJS.Timeout | undefined;
  /** The last interval's mean delay, ms. */
  delayMs = 0;

  start(intervalMs: number, onSample: (delayMs: number) => void = () => undefined): void {
    this.histogram.reset();
    this.histogram.enable();
    this.timer = setInterval(() => onSample(this.sample()), intervalMs);
    this.timer.unref();
  }

  /** Closes the current interval: answers its mean delay, or the last one when it had no sample. */
  sample(): number {
    if (this.histogram.count > 0) this.delayMs = Math.max(0, this.histogram.mean / 1e6 - RESOLUTION_MS);
    this.histogram.reset();
    return this.delayMs;
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}

/**
 * Whether the event loop's delay sheds requests: over the limit, but only once an interval has been under it
 * since the start. The start's own work (migrations, the search index, a busy machine) is not load the process
 * can shed, and a process refusing its first requests, readiness among them, would never be taken in.
 */
export class EventLoopGate {
  private armed = false;
  /** The answer of the last observe. */
  shedding = false;

  constructor(private readonly maxDelayMs: number) {}

  /** Takes an interval's mean delay (EventLoopDelay.sample); answers whether requests are shed until the next. */
  observe(delayMs: number): boolean {
    this.armed ||= delayMs <= this.maxDelayMs;
    this.shedding = this.armed && delayMs > this.maxDelayMs;
    return this.shedding;
  }
}

/**
 * Load shedding: while the event loop lags or the heap is nearly full, every request is answered at once
 * with 503 and Retry-After instead of joining a queue it would leave seconds later (or never). A load
 * balancer then sends the work to another process, and the storefront tells the shopper to try again.
 * The episode is logged when it starts and when a request is served again, not per refused request.
 *
 * The event loop's delay is measured from the moment the app is ready, and a start is never shed (EventLoopGate).
 */
export async function registerLoadShedding(app: FastifyInstance, limits: Config['loadShedding']): Promise<void> {
  let shedding: { since: number; refused: number } | undefined;

  const shed = (request: FastifyRequest, type: string, value: number | undefined): never => {
    if (shedding === undefined) {
      shedding = { since: Date.now(), refused: 0 };
      request.log.warn({ type, value, limits }, 'under pressure: answering 503 until the load falls');
    }
    shedding.refused += 1;
    throw serviceUnavailable(limits.retryAfterSeconds, 'The server is busy, please try again shortly');
  };

  await app.register(underPressure, {
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    sampleInterval: limits.sampleIntervalMs,
    pressureHandler: async (request, _reply, type, value) => shed(request, type, value),
  });

  const loop = limits.maxEventLoopDelayMs > 0 ? new EventLoopDelay() : undefined;
  const gate = new EventLoopGate(limits.maxEventLoopDelayMs);
  app.addHook('onReady', async () => loop?.start(limits.sampleIntervalMs, (delayMs) => gate.observe(delayMs)));
  app.addHook('onClose', async () => loop?.stop());

  app.addHook('onRequest', async (request) => {
    if (loop && gate.shedding && !('pressureHandler' in request.routeOptions.config)) shed(request, 'eventLoopDelay', loop.delayMs);
    if (shedding === undefined) return;
    request.log.info({ sheddingMs: Date.now() - shedding.since, refusedRequests: shedding.refused }, 'load back under limits');
    shedding = undefined;
  });
}

/** Route config for routes that must answer however loaded the process is (liveness). */
export const neverShed = { pressureHandler: () => undefined };
