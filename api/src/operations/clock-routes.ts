import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../http/validate';
import type { ControllableClock } from './controllable-clock';

const body = z.object({ now: z.iso.datetime({ offset: true }).nullable() });

/**
 * Test-only: moves the API's clock (registered only with TEST_CLOCK_CONTROL=true, which the configuration
 * refuses in production and outside demo or test mode). No token is needed because no such server faces users.
 */
export function clockRoutes(clock: ControllableClock) {
  return async (app: FastifyInstance): Promise<void> => {
    app.put('/test/clock', async (request) => {
      const { now } = parseInput(body, request.body, 'body');
      clock.set(now === null ? null : new Date(now));
      return { now: clock.now().toISOString() };
    });
  };
}
