import type { FastifyInstance } from 'fastify';

/**
 * Test-only, registered beside PUT /test/clock (TEST_CLOCK_CONTROL, refused in production): runs this
 * process's jobs now and answers what they did, so a test can move the clock past a reminder or a cut-off and
 * see its effect without waiting for the timer. The path predates the job runner: the standing orders had the
 * first scheduler.
 */
export async function jobRoutes(app: FastifyInstance): Promise<void> {
  app.post('/test/standing-orders/run', async () => app.jobs.runNow());
}
