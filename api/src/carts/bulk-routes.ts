import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/bearer';
import { cartProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { bulkAdd } from './bulk-add';
import { cartParams, cartQuery, expectedVersion } from './cart-schemas';
import { cartEtag } from './cart-view';

/** At most this many lines per request (docs/decisions-left-open.md#weekly-ordering); a cart holds 500 lines too. */
export const MAX_BULK_LINES = 500;

// Quantities are checked line by line (a bad one is reported as badQuantity, not a 400 for the whole paste).
const bulkBody = z.object({
  entries: z
    .array(z.object({ product: z.object({ code: z.string().trim().min(1).max(200) }), quantity: z.unknown() }))
    .min(1, 'must have at least 1 line')
    .max(MAX_BULK_LINES, `must have at most ${MAX_BULK_LINES} lines per request`),
});

/** POST …/carts/{cartId}/entries/bulk: quick order and "add all" of usual items. */
export async function bulkAddRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.post('/users/current/carts/:cartId/entries/bulk', async (request, reply) => {
    const { cartId } = parseInput(cartParams, request.params, 'params');
    const { shipTo, salesOrg } = parseInput(cartQuery, request.query, 'query');
    const body = parseInput(bulkBody, request.body, 'body');
    const target = { userId: currentUser(request).id, cartId, shipTo, salesOrg, expectedVersion: expectedVersion(request.headers['if-match']) };
    const lines = body.entries.map((entry, index) => ({ line: index + 1, code: entry.product.code, quantity: entry.quantity }));
    const changed = unwrap(await bulkAdd(db, target, lines), cartProblemToApiError);
    const { touched, problems } = changed.outcome;
    // The contract's answer: the lines added and the lines refused; the new version is in the ETag.
    const byNumber = new Map(changed.view.entries.map((entry) => [entry.entryNumber, entry]));
    return reply.header('etag', cartEtag(changed.cart)).send({
      added: touched.flatMap((entryNumber) => byNumber.get(entryNumber) ?? []),
      problems,
    });
  });
}
