import type { FastifyInstance } from 'fastify';
import { unwrap } from '../errors/reply';
import { assistedBy } from './assisted-rules';
import { endAssistedSession, readAssistedSession } from './assisted-sessions';
import { assistedSessionProblemToApiError } from './problem-answers';

const sessionView = {
  type: 'object',
  required: ['id', 'operator', 'user', 'shipTo', 'startedAt', 'idleEndsAt'],
  properties: {
    id: { type: 'integer' },
    operator: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    user: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    shipTo: { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } },
    startedAt: { type: 'string' },
    idleEndsAt: { type: 'string' },
  },
} as const;

const noSession = () => assistedSessionProblemToApiError({ kind: 'sessionNotFound' });

/**
 * The shop's side of an operator acting for a customer (docs/assisted-service.md): the banner reads the session,
 * End ends it. A customer's own token has no session to see (404).
 */
export async function assistedSessionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/assistedsession', { schema: { response: { 200: sessionView } } }, async (request) => {
    const assisted = assistedBy(request);
    if (!assisted) throw noSession();
    return unwrap(await readAssistedSession(db, assisted.sessionId), assistedSessionProblemToApiError);
  });

  app.delete('/users/current/assistedsession', async (request, reply) => {
    const assisted = assistedBy(request);
    if (!assisted) throw noSession();
    await endAssistedSession(db, assisted.sessionId, 'ended');
    app.principals.forgetAssistedSession(assisted.sessionId);
    return reply.code(204).send();
  });
}
