import { Gauge, type Registry } from 'prom-client';
import type { ScrapeLog } from './scrape-log';

export interface SchedulerBacklog {
  due: number;
  late: number;
}

/**
 * scheduler_jobs_due and scheduler_jobs_late: the standing-order jobs a pass would take now, and those of them
 * a working scheduler should already have taken (standing-orders/job-backlog.ts defines both).
 */
export function schedulerMetrics(registry: Registry, readBacklog: () => Promise<SchedulerBacklog>, log: ScrapeLog): void {
  let backlog: Promise<SchedulerBacklog | undefined> | undefined;
  const read = () => {
    backlog ??= readBacklog()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'metrics: could not read the scheduler backlog');
        return undefined;
      })
      .finally(() => setImmediate(() => (backlog = undefined)));
    return backlog;
  };
  const gauge = (name: string, help: string, value: (backlog: SchedulerBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const current = await read();
        this.reset();
        if (current !== undefined) this.set(value(current));
      },
    });
  gauge('scheduler_jobs_due', 'Standing-order jobs (reminders, placements) whose time has come and that have not run', (b) => b.due);
  gauge('scheduler_jobs_late', 'Due standing-order jobs that a pass should already have taken', (b) => b.late);
}
