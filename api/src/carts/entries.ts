import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
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

/** A product as a cart line shows it, without the line's number and quantity. */
export type CartProduct = Omit<EntryRow, 'entryNumber' | 'quantity'>;

/** The one row a change to a cart's lines writes; nothing when the change turns out to change nothing. */
export type EntryWrite =
  | { kind: 'insert'; entryNumber: number; productCode: string; quantity: number }
  | { kind: 'setQuantity'; entryNumber: number; quantity: number }
  | { kind: 'setAllowSubstitute'; entryNumber: number; allowSubstitute: boolean }
  | { kind: 'delete'; entryNumber: number }
  | { kind: 'none' };

/** What a change to the lines decided, before anything is written: the lines after it and the row to write. */
export interface EntryDecision extends Applied<EntryOutcome> {
  write: EntryWrite;
}

/** How a decision finds a product that is not yet in the cart, priced for the cart's sold-to. */
export type ProductLookup = (productCode: string) => Promise<CartProduct | undefined>;

const rulesOf = (entry: CartProduct): ProductRules => ({ ...entry, code: entry.productCode });

/** A product as a cart line would show it, priced for the sold-to; undefined when it does not exist. */
export async function productForCart(db: DbOrTx, productCode: string, soldToCode: string): Promise<CartProduct | undefined> {
  const rows = await db
    .select(cartProductColumns)
    .from(products)
    .leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldToCode)))
    .where(eq(products.code, productCode));
  const row = rows[0];
  return row && { ...row, unitPricePence: Number(row.unitPricePence) };
}

const withQuantity = (entries: EntryRow[], entryNumber: number, quantity: number) =>
  entries.map((entry) => (entry.entryNumber === entryNumber ? { ...entry, quantity } : entry));

/**
 * Adds `quantity` cases of a product: to its existing line, or as a new line with the next entry number.
 * Quantity 0 removes the product's line, as the storefront's cart rules say.
 */
export async function decideAdd(state: CartState, lookup: ProductLookup, productCode: string, quantity: number): Promise<Result<EntryDecision>> {
  const existing = state.entries.find((entry) => entry.productCode === productCode);
  if (quantity === 0) {
    if (!existing) return ok({ outcome: { entryNumber: -1, quantity: 0, quantityAdded: 0 }, entries: state.entries, write: { kind: 'none' } });
    return decideRemove(state, existing.entryNumber);
  }
  if (existing) {
    const newQuantity = existing.quantity + quantity;
    const problem = lineProblem(productCode, rulesOf(existing), state.scope.range, newQuantity);
    if (problem) return fail(problem);
    return ok({
      outcome: { entryNumber: existing.entryNumber, quantity: newQuantity, quantityAdded: quantity },
      entries: withQuantity(state.entries, existing.entryNumber, newQuantity),
      write: { kind: 'setQuantity', entryNumber: existing.entryNumber, quantity: newQuantity },
    });
  }
  const product = await lookup(productCode);
  const problem = lineProblem(productCode, product && rulesOf(product), state.scope.range, quantity);
  if (problem || !product) return fail(problem ?? { kind: 'productUnknown', productCode });
  if (state.entries.length >= MAX_LINES) return fail({ kind: 'cartFull', maximum: MAX_LINES });
  const entryNumber = state.entries.reduce((last, entry) => Math.max(last, entry.entryNumber), -1) + 1;
  return ok({
    outcome: { entryNumber, quantity, quantityAdded: quantity },
    entries: [...state.entries, { ...product, entryNumber, quantity }],
    write: { kind: 'insert', entryNumber, productCode, quantity },
  });
}

/** Sets an entry's quantity; 0 removes it. A product code, when sent, must be the entry's. */
export function decideSetQuantity(state: CartState, entryNumber: number, quantity: number, productCode?: string): Result<EntryDecision> {
  const entry = state.entries.find((candidate) => candidate.entryNumber === entryNumber);
  if (!entry) return fail({ kind: 'entryNotFound', entryNumber });
  if (productCode !== undefined && productCode !== entry.productCode) {
    return fail({ kind: 'entryProductMismatch', entryNumber, productCode: entry.productCode });
  }
  if (quantity === 0) return decideRemove(state, entryNumber);
  const problem = lineProblem(entry.productCode, rulesOf(entry), state.scope.range, quantity);
  if (problem) return fail(problem);
  return ok({
    outcome: { entryNumber, quantity, quantityAdded: quantity - entry.quantity },
    entries: withQuantity(state.entries, entryNumber, quantity),
    write: { kind: 'setQuantity', entryNumber, quantity },
  });
}

/** Sets whether the warehouse may send a substitute for an entry (docs/substitutions.md); the quantity stays. */
export function decideAllowSubstitute(state: CartState, entryNumber: number, allow: boolean): Result<EntryDecision> {
  const entry = state.entries.find((candidate) => candidate.entryNumber === entryNumber);
  if (!entry) return fail({ kind: 'entryNotFound', entryNumber });
  return ok({
    outcome: { entryNumber, quantity: entry.quantity, quantityAdded: 0 },
    entries: state.entries.map((candidate) => (candidate.entryNumber === entryNumber ? { ...candidate, allowSubstitute: allow } : candidate)),
    write: { kind: 'setAllowSubstitute', entryNumber, allowSubstitute: allow },
  });
}

export function decideRemove(state: CartState, entryNumber: number): Result<EntryDecision> {
  const entry = state.entries.find((candidate) => candidate.entryNumber === entryNumber);
  if (!entry) return fail({ kind: 'entryNotFound', entryNumber });
  return ok({
    outcome: { entryNumber, quantity: 0, quantityAdded: -entry.quantity },
    entries: state.entries.filter((candidate) => candidate.entryNumber !== entryNumber),
    write: { kind: 'delete', entryNumber },
  });
}

const whereEntry = (cartId: number, entryNumber: number) => and(eq(cartEntries.cartId, cartId), eq(cartEntries.entryNumber, entryNumber));

/** Writes a decision inside a transaction that holds the cart's lock. */
export async function writeEntry(tx: Tx, cartId: number, write: EntryWrite): Promise<void> {
  switch (write.kind) {
    case 'insert':
      await tx.insert(cartEntries).values({ cartId, entryNumber: write.entryNumber, productCode: write.productCode, quantity: write.quantity });
      return;
    case 'setQuantity':
      await tx.update(cartEntries).set({ quantity: write.quantity }).where(whereEntry(cartId, write.entryNumber));
      return;
    case 'setAllowSubstitute':
      await tx.update(cartEntries).set({ allowSubstitute: write.allowSubstitute }).where(whereEntry(cartId, write.entryNumber));
      return;
    case 'delete':
      await tx.delete(cartEntries).where(whereEntry(cartId, write.entryNumber));
      return;
    case 'none':
      return;
  }
}

/** Adds a product inside a locked cart's transaction (reorder adds many lines in one). */
export async function addEntry(tx: Tx, state: CartState, productCode: string, quantity: number): Promise<Result<Applied<EntryOutcome>>> {
  const decided = await decideAdd(state, (code) => productForCart(tx, code, state.scope.soldToCode), productCode, quantity);
  if (decided.ok) await writeEntry(tx, state.cart.id, decided.value.write);
  return decided;
}
