import type { FastifyInstance } from 'fastify';

/**
 * Test-only, registered beside PUT /test/clock (TEST_CLOCK_CONTROL, refused in production): runs this
 * process's standing-order scheduler now and answers what it did, so a test can move the clock past a
 * reminder or a cut-off and see its effect without waiting for the timer.
 */
export async function schedulerRoutes(app: FastifyInstance): Promise<void> {
  app.post('/test/standing-orders/run', async () => app.standingOrders.runNow());
}
