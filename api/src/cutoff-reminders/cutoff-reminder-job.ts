import { everyPass, type JobRunner } from '../jobs/job-runner';
import { sendCutoffReminders } from './send-cutoff-reminders';

/**
 * Every pass, the cut-off reminders due for usual ordering days with nothing ordered (docs/phone.md);
 * `defaultHours` (CUTOFF_REMINDER_HOURS) serves the ship-tos without hours of their own.
 */
export function registerCutoffReminderJob(runner: JobRunner, defaultHours: number): void {
  runner.registerJob('cut-off reminders', {
    due: everyPass,
    idle: { cutoffReminders: 0 },
    run: async ({ db, now, cause }) => ({ cutoffReminders: await sendCutoffReminders(db, now, defaultHours, cause) }),
  });
}
