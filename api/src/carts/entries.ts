import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { cartEntries } from '../db/schema';
import type { ScopedCart } from './cart-queries';
import { fail, ok, type Result } from './problems';
import { lineProblem, MAX_LINES, productRules } from './sellable';

export interface EntryOutcome {
  /** The entry number the change touched; after a removal it no longer exists. */
  entryNumber: number;
  quantity: number;
  quantityAdded: number;
}

interface CartLineStats {
  lines: number;
  lastEntryNumber: number;
  existing?: { entryNumber: number; quantity: number };
}

/** In one query: how many lines the cart has, its highest entry number, and the line of `productCode` if any. */
async function lineStats(tx: Tx, cartId: number, productCode: string): Promise<CartLineStats> {
  const rows = await tx
    .select({
      lines: sql<number>`count(*)::int`,
      lastEntryNumber: sql<number>`coalesce(max(${cartEntries.entryNumber}), -1)::int`,
      existingEntryNumber: sql<number | null>`max(${cartEntries.entryNumber}) filter (where ${cartEntries.productCode} = ${productCode})`,
      existingQuantity: sql<number | null>`max(${cartEntries.quantity}) filter (where ${cartEntries.productCode} = ${productCode})`,
    })
    .from(cartEntries)
    .where(eq(cartEntries.cartId, cartId));
  const row = rows[0];
  const existing =
    row?.existingEntryNumber === null || row?.existingEntryNumber === undefined
      ? undefined
      : { entryNumber: Number(row.existingEntryNumber), quantity: Number(row.existingQuantity) };
  return { lines: Number(row?.lines ?? 0), lastEntryNumber: Number(row?.lastEntryNumber ?? -1), existing };
}

/**
 * Adds `quantity` cases of a product: to its existing line, or as a new line with the next entry number.
 * Quantity 0 removes the product's line, as the storefront's cart rules say. The cart row is locked by
 * the caller, so concurrent adds queue and neither quantities nor entry numbers are lost.
 */
export async function addEntry(tx: Tx, { cart, scope }: ScopedCart, productCode: string, quantity: number): Promise<Result<EntryOutcome>> {
  const stats = await lineStats(tx, cart.id, productCode);
  if (quantity === 0) {
    if (!stats.existing) return ok({ entryNumber: -1, quantity: 0, quantityAdded: 0 });
    await tx.delete(cartEntries).where(and(eq(cartEntries.cartId, cart.id), eq(cartEntries.entryNumber, stats.existing.entryNumber)));
    return ok({ entryNumber: stats.existing.entryNumber, quantity: 0, quantityAdded: -stats.existing.quantity });
  }
  const newQuantity = (stats.existing?.quantity ?? 0) + quantity;
  const rules = await productRules(tx, [productCode]);
  const problem = lineProblem(productCode, rules.get(productCode), scope.range, newQuantity);
  if (problem) return fail(problem);
  if (stats.existing) {
    await tx
      .update(cartEntries)
      .set({ quantity: newQuantity })
      .where(and(eq(cartEntries.cartId, cart.id), eq(cartEntries.entryNumber, stats.existing.entryNumber)));
    return ok({ entryNumber: stats.existing.entryNumber, quantity: newQuantity, quantityAdded: quantity });
  }
  if (stats.lines >= MAX_LINES) return fail({ kind: 'cartFull', maximum: MAX_LINES });
  const entryNumber = stats.lastEntryNumber + 1;
  await tx.insert(cartEntries).values({ cartId: cart.id, entryNumber, productCode, quantity });
  return ok({ entryNumber, quantity, quantityAdded: quantity });
}

/** Sets an entry's quantity; 0 removes it. A product code, when sent, must be the entry's. */
export async function setEntryQuantity(
  tx: Tx,
  { cart, scope }: ScopedCart,
  entryNumber: number,
  quantity: number,
  productCode?: string,
): Promise<Result<EntryOutcome>> {
  const rows = await tx
    .select({ productCode: cartEntries.productCode, quantity: cartEntries.quantity })
    .from(cartEntries)
    .where(and(eq(cartEntries.cartId, cart.id), eq(cartEntries.entryNumber, entryNumber)));
  const entry = rows[0];
  if (!entry) return fail({ kind: 'entryNotFound', entryNumber });
  if (productCode !== undefined && productCode !== entry.productCode) {
    return fail({ kind: 'entryProductMismatch', entryNumber, productCode: entry.productCode });
  }
  if (quantity === 0) return removeEntry(tx, { cart, scope }, entryNumber);
  const rules = await productRules(tx, [entry.productCode]);
  const problem = lineProblem(entry.productCode, rules.get(entry.productCode), scope.range, quantity);
  if (problem) return fail(problem);
  await tx.update(cartEntries).set({ quantity }).where(and(eq(cartEntries.cartId, cart.id), eq(cartEntries.entryNumber, entryNumber)));
  return ok({ entryNumber, quantity, quantityAdded: quantity - entry.quantity });
}

export async function removeEntry(tx: Tx, { cart }: ScopedCart, entryNumber: number): Promise<Result<EntryOutcome>> {
  const removed = await tx
    .delete(cartEntries)
    .where(and(eq(cartEntries.cartId, cart.id), eq(cartEntries.entryNumber, entryNumber)))
    .returning({ quantity: cartEntries.quantity });
  const entry = removed[0];
  if (!entry) return fail({ kind: 'entryNotFound', entryNumber });
  return ok({ entryNumber, quantity: 0, quantityAdded: -entry.quantity });
}
