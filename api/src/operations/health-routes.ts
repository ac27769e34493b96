import type { FastifyInstance } from 'fastify';
import { neverShed } from './load-shedding';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // A loaded process is alive: failing liveness would have it restarted just when it is needed most.
  app.get('/health/live', { config: neverShed }, async () => ({ status: 'ok' }));

  app.get('/health/ready', async (_request, reply) => {
    if (app.state.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await app.deps.database.ping();
      // Where searches are answered from: the in-process index, or SQL while it builds or is off.
      return { status: 'ready', search: app.state.searchIndex?.store ? 'index' : 'sql' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}
