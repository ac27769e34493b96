import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/** How often an outage checks whether the database is back. */
const PROBE_INTERVAL_MS = 1000;

/**
 * One database outage as the log tells it: a line when the first request fails for want of the database,
 * none for the requests refused meanwhile (every one of them answers 503), and a line when a probe finds
 * the database back, with how long it lasted and how many requests were refused.
 */
export class DatabaseOutage {
  private startedAt: number | undefined;
  private refused = 0;
  private probe: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly probeIntervalMs = PROBE_INTERVAL_MS,
  ) {}

  get ongoing(): boolean {
    return this.startedAt !== undefined;
  }

  /** A request failed because the database could not be reached. */
  noteRefused(error: unknown): void {
    this.refused += 1;
    if (this.startedAt !== undefined) return;
    this.startedAt = Date.now();
    const reason = error instanceof Error ? error.message : String(error);
    this.log.error({ reason }, 'database unavailable: answering 503 until it is back');
    this.scheduleProbe();
  }

  stop(): void {
    clearTimeout(this.probe);
    this.probe = undefined;
  }

  private scheduleProbe(): void {
    this.probe = setTimeout(() => void this.checkBack(), this.probeIntervalMs);
    this.probe.unref();
  }

  private async checkBack(): Promise<void> {
    try {
      await this.database.ping();
    } catch {
      if (this.startedAt !== undefined) this.scheduleProbe();
      return;
    }
    const outageMs = Date.now() - (this.startedAt ?? Date.now());
    this.log.warn({ outageMs, refusedRequests: this.refused }, 'database available again');
    this.startedAt = undefined;
    this.refused = 0;
    this.probe = undefined;
  }
}
