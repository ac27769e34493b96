import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { cartEntries, prices, products } from '../db/schema';
import type { Applied, CartState } from './cart-change';
import { cartProductColumns, type EntryRow } from './cart-queries';
import { fail, ok, type Result } from './problems';
import { lineProblem, MAX_LINES, type ProductRules } from './sellable';

export interface EntryOutcome {
  /** The entry number the change touched; after a removal it no longer exists. */
  entryNumber: number;
  quantity: number;
  quantityAdded: number;
}

const rulesOf = (entry: Omit<EntryRow, 'entryNumber' | 'quantity'>): ProductRules => ({ ...entry, code: entry.productCode });

/** A product as a cart line would show it, priced for the sold-to; undefined when it does not exist. */
async function productForCart(tx: Tx, productCode: string, soldToCode: string): Promise<Omit<EntryRow, 'entryNumber' | 'quantity'> | undefined> {
  const rows = await tx
    .select(cartProductColumns)
    .from(products)
    .leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldToCode)))
    .where(eq(products.code, productCode));
  const row = rows[0];
  return row && { ...row, unitPricePence: Number(row.unitPricePence) };
}

const whereEntry = (cartId: number, entryNumber: number) => and(eq(cartEntries.cartId, cartId), eq(cartEntries.entryNumber, entryNumber));

const withQuantity = (entries: EntryRow[], entryNumber: number, quantity: number) =>
  entries.map((entry) => (entry.entryNumber === entryNumber ? { ...entry, quantity } : entry));

/**
 * Adds `quantity` cases of a product: to its existing line, or as a new line with the next entry number.
 * Quantity 0 removes the product's line, as the storefront's cart rules say. The cart row is locked by
 * the frame, so concurrent adds queue and neither quantities nor entry numbers are lost.
 */
export async function addEntry(tx: Tx, state: CartState, productCode: string, quantity: number): Promise<Result<Applied<EntryOutcome>>> {
  const existing = state.entries.find((entry) => entry.productCode === productCode);
  if (quantity === 0) {
    if (!existing) return ok({ outcome: { entryNumber: -1, quantity: 0, quantityAdded: 0 }, entries: state.entries });
    return removeEntry(tx, state, existing.entryNumber);
  }
  if (existing) {
    const newQuantity = existing.quantity + quantity;
    const problem = lineProblem(productCode, rulesOf(existing), state.scope.range, newQuantity);
    if (problem) return fail(problem);
    await tx.update(cartEntries).set({ quantity: newQuantity }).where(whereEntry(state.cart.id, existing.entryNumber));
    return ok({
      outcome: { entryNumber: existing.entryNumber, quantity: newQuantity, quantityAdded: quantity },
      entries: withQuantity(state.entries, existing.entryNumber, newQuantity),
    });
  }
  const product = await productForCart(tx, productCode, state.scope.soldToCode);
  const problem = lineProblem(productCode, product && rulesOf(product), state.scope.range, quantity);
  if (problem || !product) return fail(problem ?? { kind: 'productUnknown', productCode });
  if (state.entries.length >= MAX_LINES) return fail({ kind: 'cartFull', maximum: MAX_LINES });
  const entryNumber = state.entries.reduce((last, entry) => Math.max(last, entry.entryNumber), -1) + 1;
  await tx.insert(cartEntries).values({ cartId: state.cart.id, entryNumber, productCode, quantity });
  return ok({
    outcome: { entryNumber, quantity, quantityAdded: quantity },
    entries: [...state.entries, { ...product, entryNumber, quantity }],
  });
}

/** Sets an entry's quantity; 0 removes it. A product code, when sent, must be the entry's. */
export async function setEntryQuantity(
  tx: Tx,
  state: CartState,
  entryNumber: number,
  quantity: number,
  productCode?: string,
): Promise<Result<Applied<EntryOutcome>>> {
  const entry = state.entries.find((candidate) => candidate.entryNumber === entryNumber);
  if (!entry) return fail({ kind: 'entryNotFound', entryNumber });
  if (productCode !== undefined && productCode !== entry.productCode) {
    return fail({ kind: 'entryProductMismatch', entryNumber, productCode: entry.productCode });
  }
  if (quantity === 0) return removeEntry(tx, state, entryNumber);
  const problem = lineProblem(entry.productCode, rulesOf(entry), state.scope.range, quantity);
  if (problem) return fail(problem);
  await tx.update(cartEntries).set({ quantity }).where(whereEntry(state.cart.id, entryNumber));
  return ok({
    outcome: { entryNumber, quantity, quantityAdded: quantity - entry.quantity },
    entries: withQuantity(state.entries, entryNumber, quantity),
  });
}

export async function removeEntry(tx: Tx, state: CartState, entryNumber: number): Promise<Result<Applied<EntryOutcome>>> {
  const entry = state.entries.find((candidate) => candidate.entryNumber === entryNumber);
  if (!entry) return fail({ kind: 'entryNotFound', entryNumber });
  await tx.delete(cartEntries).where(whereEntry(state.cart.id, entryNumber));
  return ok({
    outcome: { entryNumber, quantity: 0, quantityAdded: -entry.quantity },
    entries: state.entries.filter((candidate) => candidate.entryNumber !== entryNumber),
  });
}
