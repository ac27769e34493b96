import { everyPass, type JobRunner } from '../jobs/job-runner';
import { expireHeldOrders } from './expiry';

/** Every pass, held orders whose cut-off passed undecided expire (docs/approvals.md "Deadlines"). */
export function registerExpiryJob(runner: JobRunner): void {
  runner.registerJob('approval expiry', {
    due: everyPass,
    idle: { expired: 0 },
    run: async ({ db, now, cause }) => ({ expired: await expireHeldOrders(db, now, cause) }),
  });
}
