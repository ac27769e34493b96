import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { everyPass, type JobCounts, type JobRunner } from '../jobs/job-runner';
import { claimDueJob, markJobDone, queueComingJobs, recordJobFailure, type ClaimedJob, type JobOutcome } from './jobs';
import { runJob } from './run-job';
import type { Cause } from '../tracing/cause';

/** A pass takes at most this many jobs, so one busy cut-off cannot hold the process's attention for long. */
const JOBS_PER_PASS = 200;

const IDLE = { reminders: 0, placed: 0, failed: 0, settled: 0, errors: 0 };

/**
 * The standing orders' job: every pass queues the reminders and placements of coming deliveries and does those
 * that are due, one per transaction. Any number of processes run it side by side; the jobs table (jobs.ts)
 * makes every reminder and order happen once.
 */
export function registerStandingOrderJobs(runner: JobRunner, horizonDays: number): void {
  runner.registerJob('standing orders', {
    due: everyPass,
    idle: IDLE,
    run: async ({ db, now, clock, log, cause }) => {
      await queueComingJobs(db, now, horizonDays);
      return runDueJobs(db, clock, log, cause);
    },
  });
}

async function runDueJobs(db: Db, clock: () => Date, log: FastifyBaseLogger, cause: Cause): Promise<JobCounts> {
  const report = { ...IDLE };
  for (let done = 0; done < JOBS_PER_PASS; done++) {
    const outcome = await runNextJob(db, clock(), log, cause);
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

/** Claims, does and marks one due job in one transaction; undefined when none is due. */
async function runNextJob(db: Db, now: Date, log: FastifyBaseLogger, cause: Cause): Promise<JobOutcome | 'error' | undefined> {
  let claimed: ClaimedJob | undefined;
  try {
    return await db.transaction(async (tx) => {
      claimed = await claimDueJob(tx, now);
      if (!claimed) return undefined;
      const outcome = await runJob(tx, claimed, now, cause);
      if (outcome !== 'postponed') await markJobDone(tx, claimed, outcome, now);
      return outcome;
    });
  } catch (error) {
    if (!claimed) throw error;
    log.error({ err: error, job: claimed }, 'standing-order job failed; it will be tried again');
    await recordJobFailure(db, claimed, error, now).catch((recordError: unknown) =>
      log.error({ err: recordError, job: claimed }, 'could not record the failure of a standing-order job'),
    );
    return 'error';
  }
}
