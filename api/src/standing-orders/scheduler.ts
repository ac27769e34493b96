import type { FastifyBaseLogger } from 'fastify';
import { expireHeldOrders } from '../approvals/expiry';
import { sendCutoffReminders } from '../cutoff-reminders/send-cutoff-reminders';
import type { Db } from '../db/client';
import type { Clock } from '../delivery/delivery-dates';
import { housekeep } from '../operations/housekeeping';
import { withCause } from '../tracing/cause';
import { newJobCause } from '../tracing/job-cause';
import { jobBacklog, type JobBacklog } from './job-backlog';
import { claimDueJob, markJobDone, queueComingJobs, recordJobFailure, type ClaimedJob, type JobOutcome } from './jobs';
import { runJob } from './run-job';

export interface SchedulerOptions {
  /** 0: no timer; passes run only when asked (runNow, the test clock). */
  intervalMs: number;
  horizonDays: number;
  /** CUTOFF_REMINDER_HOURS: the cut-off reminders' default for ship-tos without hours of their own. */
  cutoffReminderHours: number;
}

export interface PassReport {
  reminders: number;
  placed: number;
  failed: number;
  /** Jobs that needed nothing doing: skipped deliveries, changed rules, reminders too late to help. */
  settled: number;
  errors: number;
  /** Held orders whose cut-off passed undecided (approvals/expiry.ts). */
  expired: number;
  /** Cut-off reminders sent for usual ordering days with nothing ordered (cutoff-reminders/). */
  cutoffReminders: number;
  /** Rows housekeeping removed (operations/housekeeping.ts); it runs once an hour at most. */
  housekept: number;
}

/** Housekeeping's statements scan whole tables: once an hour per process is plenty. */
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/** A pass takes at most this many jobs, so one busy cut-off cannot hold the process's attention for long. */
const JOBS_PER_PASS = 200;

/** A due job is late once a pass should have taken it: after one interval, and never sooner than this. */
const MIN_LATE_AFTER_MS = 60_000;

/**
 * The standing-order scheduler of one API process: on a timer (and when asked) it queues the jobs of coming
 * deliveries and does those that are due, one job per transaction. Any number of processes run it side by
 * side; the jobs table (jobs.ts) makes every reminder and order happen once.
 */
export class StandingOrderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<PassReport> | undefined;
  private stopped = true;
  private housekeptAt: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: SchedulerOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

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

  /** Runs a pass now, after the one in progress if any; answers what it did. */
  async runNow(): Promise<PassReport> {
    while (this.running) await this.running.catch(() => undefined);
    // The pass is a job of its own: its log records carry its id, and so do the events it writes (mails, webhooks).
    const cause = newJobCause();
    const pass = withCause(cause, () => this.pass(this.log.child({ jobId: cause.id, traceId: cause.traceId })));
    this.running = pass;
    try {
      return await pass;
    } finally {
      this.running = undefined;
    }
  }

  /** The jobs due now and those late (job-backlog.ts), at this scheduler's "now". */
  backlog(): Promise<JobBacklog> {
    return jobBacklog(this.db, this.clock(), Math.max(this.options.intervalMs, MIN_LATE_AFTER_MS));
  }

  private schedule(): void {
    if (this.stopped || this.options.intervalMs <= 0) return;
    this.timer = setTimeout(() => {
      this.runNow()
        .catch((error: unknown) => this.log.error({ err: error }, 'standing-order scheduler pass failed'))
        .finally(() => this.schedule());
    }, this.options.intervalMs);
  }

  private async pass(log: FastifyBaseLogger): Promise<PassReport> {
    const report: PassReport = { reminders: 0, placed: 0, failed: 0, settled: 0, errors: 0, expired: 0, cutoffReminders: 0, housekept: 0 };
    // Cut-offs are this pass's business too: a held order undecided at its cut-off expires (docs/approvals.md).
    report.expired = await expireHeldOrders(this.db, this.clock());
    // And cut-off reminders (docs/phone.md); a failure there holds up no standing order.
    report.cutoffReminders = await sendCutoffReminders(this.db, this.clock(), this.options.cutoffReminderHours).catch((error: unknown) => {
      log.error({ err: error }, 'cut-off reminders failed; the next pass tries again');
      return 0;
    });
    report.housekept = await this.housekeepWhenDue(log);
    await queueComingJobs(this.db, this.clock(), this.options.horizonDays);
    for (let done = 0; done < JOBS_PER_PASS; done++) {
      const outcome = await this.runNextJob(log);
      if (outcome === undefined) break;
      if (outcome === 'error') {
        // The failed job waits before it is due again; the next pass carries on with the others.
        report.errors++;
        break;
      }
      if (outcome === 'sent') report.reminders++;
      else if (outcome === 'placed') report.placed++;
      else if (outcome === 'failed') report.failed++;
      else report.settled++;
    }
    return report;
  }

  /** Housekeeping, when an hour has passed since this process's last (a moved test clock counts too); a failure waits for the next pass. */
  private async housekeepWhenDue(log: FastifyBaseLogger): Promise<number> {
    const now = this.clock();
    if (this.housekeptAt !== undefined && Math.abs(now.getTime() - this.housekeptAt) < HOUSEKEEPING_EVERY_MS) return 0;
    try {
      const removed = await housekeep(this.db, now);
      this.housekeptAt = now.getTime();
      const total = removed.accountTokens + removed.registrationRequests + removed.cartChangeKeys;
      if (total > 0) log.info({ removed }, 'housekeeping removed what is kept no longer');
      return total;
    } catch (error) {
      log.error({ err: error }, 'housekeeping failed; the next pass tries again');
      return 0;
    }
  }

  /** Claims, does and marks one due job in one transaction; undefined when none is due. */
  private async runNextJob(log: FastifyBaseLogger): Promise<JobOutcome | 'error' | undefined> {
    const now = this.clock();
    let claimed: ClaimedJob | undefined;
    try {
      return await this.db.transaction(async (tx) => {
        claimed = await claimDueJob(tx, now);
        if (!claimed) return undefined;
        const outcome = await runJob(tx, claimed, now);
        if (outcome !== 'postponed') await markJobDone(tx, claimed, outcome, now);
        return outcome;
      });
    } catch (error) {
      if (!claimed) throw error;
      log.error({ err: error, job: claimed }, 'standing-order job failed; it will be tried again');
      await recordJobFailure(this.db, claimed, error, now).catch((recordError: unknown) =>
        log.error({ err: recordError, job: claimed }, 'could not record the failure of a standing-order job'),
      );
      return 'error';
    }
  }
}
