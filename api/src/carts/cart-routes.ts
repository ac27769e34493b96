import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../auth/bearer';
import { cartProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { cartDetailsBody, cartParams, cartQuery, entryParams, expectedVersion, listQuery, saveQuery, scopeQuery, addEntryBody, updateEntryBody, substituteEntryBody } from './cart-schemas';
import { changeCart, type Changed } from './cart-change';
import { cartReader } from './cart-read';
import { priceCartEntries } from './cart-prices';
import { cartEtag, cartView } from './cart-view';
import { updateCartDetails } from './cart-details';
import { deleteCart } from './delete-cart';
import { decideAdd, decideAllowSubstitute, decideRemove, decideSetQuantity, type EntryOutcome } from './entries';
import { changeEntries } from './entry-change';
import { listCarts, restoreSavedCart, saveCart } from './saved-carts';
import { openCurrentCart } from './open-cart';
import { addSavedCartToCurrent } from './add-saved-cart';
import { cartChangeKey, changeOnce, type ChangeAnswer } from './change-keys';
import type { Db } from '../db/client';

/** Carts under /users/current (docs/api.md). Every route resolves the cart through the caller's own ship-tos. */
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const readCart = cartReader(db);

  /** Target and If-Match of a request naming one cart. */
  const changeRequest = (request: FastifyRequest) => {
    const { cartId } = parseInput(cartParams, request.params, 'params');
    const { shipTo, salesOrg } = parseInput(cartQuery, request.query, 'query');
    return { userId: currentUser(request).id, cartId, shipTo, salesOrg, expectedVersion: expectedVersion(request.headers['if-match']) };
  };

  const sendCart = <T>(reply: FastifyReply, changed: Changed<T>) => reply.header('etag', cartEtag(changed.cart)).send(changed.view);

  const modification = (changed: Changed<EntryOutcome>): ChangeAnswer => {
    const { outcome, view } = changed;
    const entry = view.entries.find((line) => line.entryNumber === outcome.entryNumber) ?? null;
    // OCC's word for a line that wants more than is left (docs/stock.md): the line is kept as asked, the cart offers the rest.
    const short = entry?.stockNotice !== undefined && entry.stockNotice.available < entry.quantity;
    return {
      status: 200,
      body: { statusCode: short ? 'lowStock' : 'success', quantityAdded: outcome.quantityAdded, quantity: outcome.quantity, entry, cart: view },
    };
  };

  /**
   * A change to a cart's lines, made once per Idempotency-Key when the request sends one (carts/change-keys.ts);
   * the ETag is the version of the cart in the answer.
   */
  // The prepared reader serves every change without a key; a keyed change reads inside its own transaction.
  const readerFor = (handle: Db) => (handle === db ? readCart : cartReader(handle));

  const answerChange = async (request: FastifyRequest, reply: FastifyReply, userId: number, change: (db: Db) => Promise<ChangeAnswer>) => {
    const key = cartChangeKey(request.headers['idempotency-key']);
    const answer = key === undefined ? { ...(await change(db)), replayed: false } : await changeOnce(db, userId, key, change);
    const body = answer.body as { version?: number; cart?: { version?: number } };
    const version = body.cart?.version ?? body.version;
    if (answer.status < 400 && version !== undefined) reply.header('etag', `"${version}"`);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(answer.status).send(answer.body);
  };

  app.post('/users/current/carts', async (request, reply) => {
    const user = currentUser(request);
    const { shipTo, salesOrg } = parseInput(scopeQuery, request.query, 'query');
    const { cart, scope, entries, created } = unwrap(await openCurrentCart(db, user.id, shipTo, salesOrg), cartProblemToApiError);
    return reply.code(created ? 201 : 200).header('etag', cartEtag(cart)).send(cartView(cart, scope, await priceCartEntries(db, cart, scope, entries)));
  });

  app.get('/users/current/carts', async (request) => {
    const user = currentUser(request);
    const query = parseInput(listQuery, request.query, 'query');
    const listing = { userId: user.id, shipTo: query.shipTo, range: query.salesOrg, savedOnly: query.savedCartsOnly === 'true', page: query.currentPage, pageSize: query.pageSize };
    const { scope, ...page } = unwrap(await listCarts(db, listing), cartProblemToApiError);
    const full = query.fields === 'FULL';
    const priced = await Promise.all(page.carts.map(({ cart, entries }) => priceCartEntries(db, cart, scope, entries)));
    return {
      carts: page.carts.map(({ cart }, index) => {
        const view = cartView(cart, scope, priced[index] ?? []);
        return full ? view : { ...view, entries: undefined };
      }),
      pagination: {
        currentPage: query.currentPage,
        pageSize: query.pageSize,
        totalPages: Math.ceil(page.totalResults / query.pageSize),
        totalResults: page.totalResults,
      },
    };
  });

  app.get('/users/current/carts/:cartId', async (request, reply) => {
    const target = changeRequest(request);
    const { cart, scope, entries } = unwrap(await readCart(target.userId, target), cartProblemToApiError);
    return reply.header('etag', cartEtag(cart)).send(cartView(cart, scope, await priceCartEntries(db, cart, scope, entries)));
  });

  app.put('/users/current/carts/:cartId', async (request, reply) => {
    const target = changeRequest(request);
    const details = parseInput(cartDetailsBody, request.body, 'body');
    return sendCart(reply, unwrap(await changeCart(db, target, async (_tx, state) => updateCartDetails(state, details, app.clock)), cartProblemToApiError));
  });

  app.delete('/users/current/carts/:cartId', async (request, reply) => {
    unwrap(await deleteCart(db, changeRequest(request)), cartProblemToApiError);
    return reply.code(204).send();
  });

  app.post('/users/current/carts/:cartId/entries', async (request, reply) => {
    const target = changeRequest(request);
    const body = parseInput(addEntryBody, request.body, 'body');
    return answerChange(request, reply, target.userId, async (tx) =>
      modification(unwrap(await changeEntries(tx, readerFor(tx), target, (state, lookup) => decideAdd(state, lookup, body.product.code, body.quantity)), cartProblemToApiError)),
    );
  });

  app.put('/users/current/carts/:cartId/entries/:entryNumber', async (request, reply) => {
    const target = changeRequest(request);
    const { entryNumber } = parseInput(entryParams, request.params, 'params');
    const body = parseInput(updateEntryBody, request.body, 'body');
    return answerChange(request, reply, target.userId, async (tx) =>
      modification(unwrap(await changeEntries(tx, readerFor(tx), target, (state) => decideSetQuantity(state, entryNumber, body.quantity, body.product?.code)), cartProblemToApiError)),
    );
  });

  app.patch('/users/current/carts/:cartId/entries/:entryNumber', async (request, reply) => {
    const target = changeRequest(request);
    const { entryNumber } = parseInput(entryParams, request.params, 'params');
    const body = parseInput(substituteEntryBody, request.body, 'body');
    return answerChange(request, reply, target.userId, async (tx) =>
      modification(unwrap(await changeEntries(tx, readerFor(tx), target, (state) => decideAllowSubstitute(state, entryNumber, body.allowSubstitute)), cartProblemToApiError)),
    );
  });

  app.delete('/users/current/carts/:cartId/entries/:entryNumber', async (request, reply) => {
    const target = changeRequest(request);
    const { entryNumber } = parseInput(entryParams, request.params, 'params');
    return answerChange(request, reply, target.userId, async (tx) => ({
      status: 200,
      body: unwrap(await changeEntries(tx, readerFor(tx), target, (state) => decideRemove(state, entryNumber)), cartProblemToApiError).view,
    }));
  });

  app.patch('/users/current/carts/:cartId/save', async (request, reply) => {
    const target = changeRequest(request);
    const { saveCartName, saveCartDescription } = parseInput(saveQuery, request.query, 'query');
    const changed = unwrap(await changeCart(db, target, (tx, scoped) => saveCart(tx, scoped, saveCartName, saveCartDescription, app.clock()), { switchesCurrentCart: true }), cartProblemToApiError);
    return reply.header('etag', cartEtag(changed.cart)).send({ savedCartData: changed.view });
  });

  app.patch('/users/current/carts/:cartId/restoresavedcart', async (request, reply) => {
    const target = changeRequest(request);
    const changed = unwrap(await changeCart(db, target, (tx, scoped) => restoreSavedCart(tx, scoped, app.clock()), { switchesCurrentCart: true }), cartProblemToApiError);
    return reply.header('etag', cartEtag(changed.cart)).send({ savedCartData: changed.view });
  });

  app.post('/users/current/carts/:cartId/addtocart', async (request, reply) => {
    const target = changeRequest(request);
    const changed = unwrap(await addSavedCartToCurrent(db, target.userId, target), cartProblemToApiError);
    return reply.header('etag', cartEtag(changed.cart)).send({ ...changed.outcome, cart: changed.view });
  });
}
