import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { OUTBOX_NOTIFY_CHANNEL } from './write-event';

const RELISTEN_MS = 1_000;

/**
 * Wakes this process's dispatchers when any process commits an event (writeEvent notifies in its
 * transaction), over the listening connection the process already has (db/listener.ts). While it is not
 * listening (the connection was lost) the dispatchers' timers still deliver, only later; once listening
 * again it wakes every channel, for the notifications it missed.
 */
export class NotifiedWakeUp {
  private stopListening: (() => Promise<void>) | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly wake: (channels: string[] | 'all') => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    try {
      const stop = await this.database.listen(OUTBOX_NOTIFY_CHANNEL, {
        onMessage: (payload) => this.wake(payload.split(',')),
        onLost: (error) => this.lost(error),
      });
      if (this.stopped) await stop();
      else this.stopListening = stop;
    } catch (error) {
      this.lost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    // The database may already be closed (shutdown order, tests of an outage): nothing is left to stop then.
    await this.stopListening?.().catch(() => undefined);
  }

  private lost(error: Error): void {
    this.stopListening = undefined;
    if (this.stopped) return;
    this.log.warn({ err: error }, 'outbox: commit notifications lost; delivering on the timer until listening again');
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      void this.start().then(() => {
        if (this.stopListening) this.wake('all');
      });
    }, RELISTEN_MS);
  }
}
