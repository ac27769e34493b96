import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { retryDelayMs, type BackoffPolicy } from './backoff';
import { claimMessages, markDelivered, markFailed, type OutboxMessage } from './outbox-queue';
import type { Channel } from './write-event';

/** Sends one message; throws (any error) when the receiver did not take it. */
export type Deliver = (message: OutboxMessage) => Promise<void>;

/** How long a wake-up waits to gather the events of a busy moment into one pass. */
const WAKE_DELAY_MS = 20;

export interface DispatcherOptions {
  pollMs: number;
  /** How long a claimed message is held; far longer than any delivery may take (senders time out first). */
  leaseMs: number;
  batchSize: number;
  backoff: BackoffPolicy;
}

/**
 * Delivers one channel's outbox messages. Runs on a timer and when woken after a commit; one pass at a
 * time per process, several processes side by side (claims never overlap). Messages of one pass are sent
 * concurrently: they are of different orders, so a slow receiver for one order delays no other.
 */
export class ChannelDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wokenWhileRunning = false;
  private wakePending = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    readonly channel: Channel,
    private readonly deliver: Deliver,
    private readonly options: DispatcherOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopped = false;
    this.pass();
  }

  /**
   * Runs a pass soon (or right after the current one). The short delay gathers the events of a busy moment
   * into one pass: one claim and one "delivered" update for many orders instead of for each.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    if (this.wakePending) return;
    this.wakePending = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pass(), WAKE_DELAY_MS);
  }

  private pass(): void {
    this.wakePending = false;
    if (this.stopped || this.running) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      if (this.wokenWhileRunning) {
        this.wokenWhileRunning = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.pass(), this.options.pollMs);
      }
    });
  }

  /** Stops claiming and waits for the messages in flight, so a graceful restart hands none over twice. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakePending = false;
    clearTimeout(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) return;
        const batch = await claimMessages(this.db, this.channel, this.options.batchSize, this.options.leaseMs);
        const outcomes = await Promise.all(batch.map((message) => this.attempt(message)));
        const delivered = batch.filter((_, index) => outcomes[index]);
        await markDelivered(this.db, delivered);
        // A delivered message may have made the next event of its order due: look again at once.
        if (delivered.length === 0) return;
      }
    } catch (error) {
      // The database being away is not the receiver's fault: the next pass tries again.
      this.log.warn({ err: error, channel: this.channel }, 'outbox pass failed');
    }
  }

  private async attempt(message: OutboxMessage): Promise<boolean> {
    try {
      await this.deliver(message);
    } catch (error) {
      const reason = describeError(error);
      const retryInMs = retryDelayMs(this.options.backoff, message.attempts + 1);
      this.log.warn({ channel: this.channel, eventId: message.eventId, attempts: message.attempts + 1, retryInMs, reason }, 'outbox delivery failed');
      await markFailed(this.db, message, reason, retryInMs);
      return false;
    }
    return true;
  }
}

/** An error as one line for the back office: fetch hides the network reason (ECONNREFUSED…) in its cause. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
  return detail ? `${error.message} (${detail})` : error.message;
}
