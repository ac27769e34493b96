import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { cartEntries, products } from '../db/schema';
import type { ScopedCart } from './cart-queries';
import { fail, ok, type Result } from './problems';
import { lineProblem, MAX_LINES, productRules, type ProductRules } from './sellable';

export interface EntryOutcome {
  /** The entry number the change touched; after a removal it no longer exists. */
  entryNumber: number;
  quantity: number;
  quantityAdded: number;
}

interface ProductInCart extends ProductRules {
  lines: number;
  lastEntryNumber: number;
  existing?: { entryNumber: number; quantity: number };
}

/**
 * In one query: the product's rules, how many lines the cart has, its highest entry number, and the
 * product's line in it if any. Undefined when the product does not exist.
 */
async function productInCart(tx: Tx, cartId: number, productCode: string): Promise<ProductInCart | undefined> {
  const inCart = and(eq(cartEntries.cartId, cartId), eq(cartEntries.productCode, products.code));
  const rows = await tx
    .select({
      code: products.code,
      name: products.name,
      packSize: products.packSize,
      range: products.range,
      discontinued: products.discontinued,
      minOrderQuantity: products.minOrderQuantity,
      lines: sql<number>`(select count(*)::int from ${cartEntries} where ${eq(cartEntries.cartId, cartId)})`,
      lastEntryNumber: sql<number>`(select coalesce(max(${cartEntries.entryNumber}), -1)::int from ${cartEntries} where ${eq(cartEntries.cartId, cartId)})`,
      existingEntryNumber: sql<number | null>`(select ${cartEntries.entryNumber} from ${cartEntries} where ${inCart})`,
      existingQuantity: sql<number | null>`(select ${cartEntries.quantity} from ${cartEntries} where ${inCart})`,
    })
    .from(products)
    .where(eq(products.code, productCode));
  const row = rows[0];
  if (!row) return undefined;
  const { existingEntryNumber, existingQuantity, ...rest } = row;
  const existing =
    existingEntryNumber === null || existingQuantity === null ? undefined : { entryNumber: Number(existingEntryNumber), quantity: Number(existingQuantity) };
  return { ...rest, lines: Number(rest.lines), lastEntryNumber: Number(rest.lastEntryNumber), existing };
}

/**
 * Adds `quantity` cases of a product: to its existing line, or as a new line with the next entry number.
 * Quantity 0 removes the product's line, as the storefront's cart rules say. The cart row is locked by
 * the caller, so concurrent adds queue and neither quantities nor entry numbers are lost.
 */
export async function addEntry(tx: Tx, { cart, scope }: ScopedCart, productCode: string, quantity: number): Promise<Result<EntryOutcome>> {
  const found = await productInCart(tx, cart.id, productCode);
  if (quantity === 0) {
    if (!found?.existing) return ok({ entryNumber: -1, quantity: 0, quantityAdded: 0 });
    await tx.delete(cartEntries).where(and(eq(cartEntries.cartId, cart.id), eq(cartEntries.entryNumber, found.existing.entryNumber)));
    return ok({ entryNumber: found.existing.entryNumber, quantity: 0, quantityAdded: -found.existing.quantity });
  }
  const newQuantity = (found?.existing?.quantity ?? 0) + quantity;
  const problem = lineProblem(productCode, found, scope.range, newQuantity);
  if (problem || !found) return fail(problem ?? { kind: 'productUnknown', productCode });
  if (found.existing) {
    await tx
      .update(cartEntries)
      .set({ quantity: newQuantity })
      .where(and(eq(cartEntries.cartId, cart.id), eq(cartEntries.entryNumber, found.existing.entryNumber)));
    return ok({ entryNumber: found.existing.entryNumber, quantity: newQuantity, quantityAdded: quantity });
  }
  if (found.lines >= MAX_LINES) return fail({ kind: 'cartFull', maximum: MAX_LINES });
  const entryNumber = found.lastEntryNumber + 1;
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
