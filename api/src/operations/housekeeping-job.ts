import { atMostEvery, type JobRunner } from '../jobs/job-runner';
import { housekeep } from './housekeeping';

/** Housekeeping's statements scan whole tables: once an hour per process is plenty. */
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/** Removes what is kept no longer (housekeeping.ts), at most once an hour; answers the rows removed. */
export function registerHousekeepingJob(runner: JobRunner): void {
  runner.registerJob('housekeeping', {
    due: atMostEvery(HOUSEKEEPING_EVERY_MS),
    idle: { housekept: 0 },
    run: async ({ db, now, log }) => {
      const removed = await housekeep(db, now);
      const total = removed.accountTokens + removed.registrationRequests + removed.cartChangeKeys;
      if (total > 0) log.info({ removed }, 'housekeeping removed what is kept no longer');
      return { housekept: total };
    },
  });
}
