import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Cause } from '../tracing/cause';
import { newJobCause } from '../tracing/job-cause';

/** What one job did in a pass, by name (`placed: 2`); a pass answers all of them together. */
export type JobCounts = Record<string, number>;

/** Whether a job runs in this pass, given when it last ran to the end in this process (undefined: never). */
export type JobDue = (now: Date, lastDone: Date | undefined) => boolean;

export interface JobContext {
  db: Db;
  /** When the job started; `clock` for the time of a later step. */
  now: Date;
  clock: () => Date;
  /** Carries the pass's job id and trace id. */
  log: FastifyBaseLogger;
  /** The pass as a cause: the events the job writes carry it (tracing/cause.ts). */
  cause: Cause;
}

export interface Job {
  due: JobDue;
  run: (context: JobContext) => Promise<JobCounts>;
  /** What the pass reports for the job when it is not due or fails, so a report always has the same counts. */
  idle: JobCounts;
}

export interface JobRunnerOptions {
  /** 0: no timer; passes run only when asked (runNow, the test clock). */
  intervalMs: number;
}

export const everyPass: JobDue = () => true;

/** Due when `ms` have passed since the last run, either way: a test clock moved back counts too. */
export const atMostEvery =
  (ms: number): JobDue =>
  (now, lastDone) =>
    lastDone === undefined || Math.abs(now.getTime() - lastDone.getTime()) >= ms;

/** A due job is late once a pass should have taken it: after one interval, and never sooner than this. */
const MIN_LATE_AFTER_MS = 60_000;

/**
 * The background jobs of one API process: on a timer (and when asked) a pass runs every registered job that is
 * due, in the order they were registered. Modules register their jobs at start-up (`registerJob`); the runner
 * knows none of them. A job that fails is logged and tried again in the next pass; the others still run.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Job & { lastDone?: Date }>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<JobCounts> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly options: JobRunnerOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  registerJob(name: string, job: Job): void {
    if (this.jobs.has(name)) throw new Error(`job ${name} is registered twice`);
    this.jobs.set(name, { ...job });
  }

  /** How long a due job may wait before it counts as late (the scheduler metrics, docs/metrics.md). */
  get lateAfterMs(): number {
    return Math.max(this.options.intervalMs, MIN_LATE_AFTER_MS);
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Stops the timer and waits for a pass in progress: its transactions finish rather than roll back. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Runs a pass now, after the one in progress if any; answers what each job did. */
  async runNow(): Promise<JobCounts> {
    while (this.running) await this.running.catch(() => undefined);
    // The pass is a job of its own: its log records carry its id, and so do the events it writes (mails, webhooks).
    const cause = newJobCause();
    const pass = this.pass(this.log.child({ jobId: cause.id, traceId: cause.traceId }), cause);
    this.running = pass;
    try {
      return await pass;
    } finally {
      this.running = undefined;
    }
  }

  private schedule(): void {
    if (this.stopped || this.options.intervalMs <= 0) return;
    this.timer = setTimeout(() => {
      this.runNow()
        .catch((error: unknown) => this.log.error({ err: error }, 'job pass failed'))
        .finally(() => this.schedule());
    }, this.options.intervalMs);
  }

  private async pass(log: FastifyBaseLogger, cause: Cause): Promise<JobCounts> {
    let report: JobCounts = {};
    for (const [name, job] of this.jobs) {
      const now = this.clock();
      if (!job.due(now, job.lastDone)) {
        report = { ...report, ...job.idle };
        continue;
      }
      try {
        report = { ...report, ...(await job.run({ db: this.db, now, clock: this.clock, log, cause })) };
        job.lastDone = now;
      } catch (error) {
        log.error({ err: error }, `${name} failed; the next pass tries again`);
        report = { ...report, ...job.idle };
      }
    }
    return report;
  }
}
