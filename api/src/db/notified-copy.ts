import type { Database, Db } from './client';

const RETRY_MS = 1_000;

export interface NotifiedCopyOptions<T> {
  /** The channel a trigger notifies on whenever what the copy holds may have changed. */
  channel: string;
  /** What the copy is of, for the log ("price rules"). */
  name: string;
  read: (db: Db) => Promise<T>;
  /** Told of every change heard, before the copy is read again: for what was worked out from the old one. */
  onChange?: () => void;
}

/**
 * Something read whole from the database and kept by this process until a notification says it changed, then read
 * again. Until it is back (and whenever notifications may have been missed: the listening connection failed, and
 * the copy is dropped and started again a second later) `value` is null and callers read the database instead.
 */
export class NotifiedCopy<T> {
  private held: T | null = null;
  /** Bumped by every change heard, so a read that started before one is not kept. */
  private changes = 0;
  private work: Promise<void> = Promise.resolve();
  private stopListening: (() => Promise<void>) | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly options: NotifiedCopyOptions<T>,
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  get value(): T | null {
    return this.held;
  }

  /** Resolves once the copy has been read (or found unreadable: it is tried again in the background). */
  async start(): Promise<void> {
    if (this.closed) return;
    try {
      this.stopListening = await this.database.listen(this.options.channel, { onMessage: () => this.changed(), onLost: (error) => this.lost(error) });
      this.changed();
      await this.work;
    } catch (error) {
      this.lost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Resolves when every change heard so far has been read. */
  settled(): Promise<void> {
    return this.work;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.held = null;
    await this.stopListening?.().catch(() => undefined);
    await this.work.catch(() => undefined);
  }

  /** Drops the copy and reads it again, as a notification would, for a change this process knows it made. */
  readAgain(): Promise<void> {
    this.changed();
    return this.work;
  }

  private changed(): void {
    this.held = null;
    this.options.onChange?.();
    this.changes += 1;
    const heard = this.changes;
    this.work = this.work
      .then(async () => {
        if (heard !== this.changes || this.closed) return;
        const read = await this.options.read(this.database.db);
        // Only a listening copy is kept: one read between a lost connection and the retry would miss changes.
        if (heard === this.changes && !this.closed && this.stopListening) this.held = read;
      })
      .catch((error: unknown) => this.lost(error instanceof Error ? error : new Error(String(error))));
  }

  private lost(error: Error): void {
    if (this.closed) return;
    this.log.warn({ err: error }, `${this.options.name}: change notifications lost; reading from the database until read again`);
    this.held = null;
    void this.stopListening?.().catch(() => undefined);
    this.stopListening = undefined;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.start(), RETRY_MS);
  }
}
