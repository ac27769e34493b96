import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { newJobId } from '../tracing/job-cause';
import { retryDelayMs, type BackoffPolicy } from './backoff';
import type { Channel } from './event-types';
import { claimMessages, markDelivered, markFailed, type OutboxMessage } from './outbox-queue';

/** Sends one message; throws (any error) when the receiver did not take it. */
export type Deliver = (message: OutboxMessage) => Promise<void>;

/** What one pass did: messages delivered, and attempts that failed (each to be retried after its backoff). */
export interface PassReport {
  delivered: number;
  failed: number;
}

/** How long a wake-up waits to gather the events of a busy moment into one pass. */
const WAKE_DELAY_MS = 20;

export interface DispatcherOptions {
  pollMs: number;
  /** How long a claimed message is held; far longer than any delivery may take (senders time out first). */
  leaseMs: number;
  batchSize: number;
  backoff: BackoffPolicy;
  /** Told of every failed attempt (the metrics count them). */
  onDeliveryFailed?: (channel: Channel) => void;
}

/**
 * Delivers one channel's outbox messages. Passes run on a timer, when woken after another process's or
 * this one's commit, and when asked (runPass); one at a time per process, several processes side by side
 * (claims never overlap). Messages of one claim are sent concurrently (they are of different ordering
 * keys, so a slow receiver for one order delays no other) and every one is settled before the pass goes on.
 */
export class ChannelDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private wakePending = false;
  private automaticQueued = false;
  private passes: Promise<PassReport> = Promise.resolve({ delivered: 0, failed: 0 });
  /** Passes on the timer and on wake-ups: from start() to stop(). Passes asked for (runPass) run until stop(). */
  private automatic = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    readonly channel: Channel,
    private readonly deliver: Deliver,
    private readonly options: DispatcherOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.automatic = true;
    this.automaticPass();
  }

  /**
   * Runs a pass soon (or right after the current one). The short delay gathers the events of a busy moment
   * into one pass: one claim and one "delivered" update for many orders instead of for each.
   */
  wake(): void {
    if (!this.automatic || this.stopped || this.wakePending) return;
    this.setTimer(WAKE_DELAY_MS, true);
  }

  /** One pass now, after the pass in progress if any; answers what it did. Nothing once stopped. */
  runPass(): Promise<PassReport> {
    return this.enqueue(() => undefined);
  }

  /** Stops claiming and waits for the messages in flight, so a graceful restart hands none over twice. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.automatic = false;
    this.wakePending = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.passes;
  }

  private enqueue(onStart: () => void): Promise<PassReport> {
    const pass = this.passes.then(() => {
      onStart();
      return this.drain();
    });
    this.passes = pass;
    return pass;
  }

  private setTimer(ms: number, wake: boolean): void {
    clearTimeout(this.timer);
    this.wakePending = wake;
    this.timer = setTimeout(() => this.automaticPass(), ms);
  }

  private automaticPass(): void {
    this.timer = undefined;
    this.wakePending = false;
    // A pass already waiting its turn has not claimed yet: it will see what this one would have.
    if (!this.automatic || this.stopped || this.automaticQueued) return;
    this.automaticQueued = true;
    void this.enqueue(() => {
      this.automaticQueued = false;
    }).then(() => {
      if (this.automatic && !this.stopped && this.timer === undefined) this.setTimer(this.options.pollMs, false);
    });
  }

  /** Claims and sends until nothing more is due; never rejects. Its log records carry the pass's job id. */
  private async drain(): Promise<PassReport> {
    const report: PassReport = { delivered: 0, failed: 0 };
    const log = this.log.child({ jobId: newJobId() });
    try {
      while (!this.stopped) {
        const batch = await claimMessages(this.db, this.channel, this.options.batchSize, this.options.leaseMs);
        const outcomes = await Promise.allSettled(batch.map(async (message) => this.deliver(message)));
        const delivered: OutboxMessage[] = [];
        const failures: Promise<void>[] = [];
        outcomes.forEach((outcome, index) => {
          const message = batch[index];
          if (!message) return;
          if (outcome.status === 'fulfilled') delivered.push(message);
          else failures.push(this.recordFailure(message, outcome.reason, log));
        });
        const recorded = await Promise.allSettled([markDelivered(this.db, delivered), ...failures]);
        for (const outcome of recorded) {
          // The lease runs out and the message is sent again: at least once, never lost.
          if (outcome.status === 'rejected') log.warn({ err: outcome.reason, channel: this.channel }, 'outbox could not record an attempt');
        }
        report.delivered += delivered.length;
        report.failed += failures.length;
        // A delivered message may have made the next event of its key due: look again at once.
        if (delivered.length === 0) break;
      }
    } catch (error) {
      // The database being away is not the receiver's fault: the next pass tries again.
      log.warn({ err: error, channel: this.channel }, 'outbox pass failed');
    }
    return report;
  }

  private async recordFailure(message: OutboxMessage, error: unknown, log: FastifyBaseLogger): Promise<void> {
    const reason = describeError(error);
    const retryInMs = retryDelayMs(this.options.backoff, message.attempts + 1);
    this.options.onDeliveryFailed?.(this.channel);
    log.warn(
      { channel: this.channel, eventId: message.eventId, type: message.type, attempts: message.attempts + 1, retryInMs, reason, causeId: message.causeId, traceId: message.traceId },
      'outbox delivery failed',
    );
    await markFailed(this.db, message, reason, retryInMs);
  }
}

/** An error as one line for the back office: fetch hides the network reason (ECONNREFUSED…) in its cause. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
  return detail ? `${error.message} (${detail})` : error.message;
}
