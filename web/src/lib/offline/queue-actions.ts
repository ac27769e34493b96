'use server';

import { z } from 'zod';
import { addToCart, setEntryQuantity } from '@/lib/commerce/cart';
import { lineErrorText, type QuantityRule } from '@/lib/commerce/quantity';
import { productCodeSchema, quantityRuleInput } from '@/lib/commerce/quantity-input';
import type { ShopScope } from '@/lib/commerce/scope';
import { LIMITS } from '@/lib/limits';
import { getSession } from '@/lib/session/session';
import { isShopReady } from '@/lib/session/session-data';
import { queueOwner } from './queue-owner';
import type { ReplayAnswer } from './queue-types';

/** The session's account, or undefined when nobody is signed in with an account and range (no redirect: a background call). */
/** No queue while an operator acts for a customer (docs/assisted-service.md): nothing of theirs waits on the operator's machine. */
async function sessionScope(): Promise<ShopScope | undefined> {
  const session = await getSession();
  if (session.assisted || !session.user || !isShopReady(session) || !session.activeShipTo || !session.activeSoldTo || !session.activeSalesOrg) return undefined;
  return { username: session.user.username, shipTo: session.activeShipTo, soldTo: session.activeSoldTo, salesOrg: session.activeSalesOrg };
}

/** The tag the browser files this session's offline changes under (queue-owner.ts); null when not signed in to a shop account. */
export async function queueOwnerAction(): Promise<string | null> {
  const scope = await sessionScope();
  return scope ? queueOwner(scope) : null;
}

const about = { productCode: productCodeSchema, productName: z.string().max(200), minimum: z.number().int().min(1).max(LIMITS.quantity) };
const changeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('add'), ...about, quantity: z.number().int().min(1).max(LIMITS.quantity) }),
  z.object({ kind: z.literal('set'), ...about, entryNumber: z.number().int().min(0), quantity: z.number().int().min(0).max(LIMITS.quantity) }),
]);
const replaySchema = z.object({ owner: z.string().min(1).max(64), key: z.string().regex(/^[\x21-\x7e]{1,100}$/), change: changeSchema });

/**
 * Sends one change of the offline queue the way the page would have sent it (the same cart calls), with its
 * idempotency key, so a change sent twice (a lost answer, two tabs) is made once. Only for the account and user
 * it was queued for.
 */
export async function replayQueuedChangeAction(owner: string, key: string, change: unknown): Promise<ReplayAnswer> {
  const input = replaySchema.safeParse({ owner, key, change });
  if (!input.success) return { status: 'refused', message: 'This change could not be read; make it again' };
  const scope = await sessionScope();
  if (!scope || queueOwner(scope) !== input.data.owner) return { status: 'notYours' };
  const queued = input.data.change;
  const result =
    queued.kind === 'add'
      ? await addToCart(scope, queued.productCode, queued.quantity, input.data.key)
      : await setEntryQuantity(scope, queued.entryNumber, queued.productCode, queued.quantity, input.data.key);
  if (result.ok) return { status: 'done' };
  if (result.error.type === 'FailedToFetch') return { status: 'offline' };
  const rule: QuantityRule = { ...quantityRuleInput.parse(queued), zeroRemoves: queued.kind === 'set' };
  return { status: 'refused', message: lineErrorText(result.error, queued.productCode, rule) };
}
