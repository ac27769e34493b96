import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/bearer';
import { notificationProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { inTransaction } from '../errors/transaction';
import { parseInput } from '../http/validate';
import { mailPreferences } from '../mail/mail-preferences';
import { preferencesBody, unsubscribeBody } from './notification-schemas';
import { savePreferences } from './preferences';
import { unsubscribe, unsubscribeLink } from './unsubscribe';

/** Which mails a user gets, and the one-click unsubscribe every mail of a kind carries (docs/people.md#notifications). */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const preferencesSchema = preferencesBody();

  app.get('/users/current/notificationpreferences', async (request) => mailPreferences(db, currentUser(request).id));

  app.put('/users/current/notificationpreferences', { config: { customerOnly: true } }, async (request) => {
    const preferences = parseInput(preferencesSchema, request.body, 'body');
    return savePreferences(db, currentUser(request).id, preferences);
  });

  // Public: the token is the authority. The storefront's /unsubscribe/<token>/ posts here (form or JSON).
  app.post('/unsubscribe', async (request) => {
    const { token } = parseInput(unsubscribeBody, request.body, 'body');
    return unwrap(await inTransaction(db, (tx) => unsubscribe(tx, token, app.clock())), notificationProblemToApiError);
  });

  // What the link is for, shown before its button; a POST so the token stays out of request logs. Changes nothing.
  app.post('/unsubscribe/link', async (request) => {
    const { token } = parseInput(unsubscribeBody, request.body, 'body');
    return unwrap(await unsubscribeLink(db, token, app.clock()), notificationProblemToApiError);
  });
}
