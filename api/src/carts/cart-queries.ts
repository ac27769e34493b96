import { randomBytes } from 'node:crypto';
import { foodMarkColumns, type FoodMarkRow } from '../food-info/food-marks';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { shipToScopeColumns, type ShipToScope } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { cartEntries, carts, prices, products, shipToRanges, shipTos, users, userShipTos } from '../db/schema';
import { contractPriceSql } from '../pricing/contract-price/contract-price';
import { stockLevelsOf, type StockLevelPairs } from '../stock/product-levels';

export type CartRow = typeof carts.$inferSelect;

/** A cart together with the ship-to and range it belongs to, as the caller still holds them. */
export interface ScopedCart {
  cart: CartRow;
  scope: ShipToScope;
  /** The owner's account status, when the caller asked for it with the cart (checkout's canPlace). */
  ownerStatus?: string;
}

export function toScoped(row: { cart: CartRow; scope: Omit<ShipToScope, 'range'> & { range: string }; ownerStatus?: string }): ScopedCart {
  const scoped: ScopedCart = { cart: row.cart, scope: { ...row.scope, range: row.scope.range as ShipToScope['range'] } };
  return row.ownerStatus === undefined ? scoped : { ...scoped, ownerStatus: row.ownerStatus };
}

/** How a cart is read: locked for a change, ordered carts too (checkout's repeats), the owner's status too (checkout). */
export interface CartReadOptions {
  lock: boolean;
  includeOrdered?: boolean;
  withOwnerStatus?: boolean;
}

function scopedCarts(db: DbOrTx, where: SQL | undefined, { lock, withOwnerStatus }: CartReadOptions) {
  const joined = db
    .select({ cart: carts, scope: shipToScopeColumns, ...(withOwnerStatus ? { ownerStatus: users.status } : {}) })
    .from(carts)
    .innerJoin(userShipTos, and(eq(userShipTos.userId, carts.userId), eq(userShipTos.shipToCode, carts.shipToCode)))
    .innerJoin(shipTos, eq(shipTos.code, carts.shipToCode))
    .innerJoin(shipToRanges, and(eq(shipToRanges.shipToCode, carts.shipToCode), eq(shipToRanges.range, carts.range)));
  // The owner is read in the same statement as the cart: one round trip less for checkout.
  const query = (withOwnerStatus ? joined.innerJoin(users, eq(users.id, carts.userId)) : joined).where(where).limit(1);
  return lock ? query.for('update', { of: carts }) : query;
}

/**
 * The caller's own cart by its code, only while they still hold its ship-to and range; ordered carts are
 * history and are returned only to checkout (`includeOrdered`), which answers repeats. With `lock`, the
 * cart row is locked until the transaction ends, which serialises every change to one cart (entry
 * numbers, quantities, version).
 */
export async function findOwnedCart(db: DbOrTx, userId: number, code: string, options: CartReadOptions): Promise<ScopedCart | undefined> {
  const rows = await scopedCarts(db, and(eq(carts.code, code), eq(carts.userId, userId), options.includeOrdered ? undefined : ne(carts.status, 'ordered')), options);
  return rows[0] && toScoped(rows[0]);
}

/** The current cart of a ship-to and range with the caller's hold on them checked, in one query. */
export async function findScopedCurrentCart(db: DbOrTx, userId: number, shipToCode: string, range: string, options: CartReadOptions): Promise<ScopedCart | undefined> {
  const rows = await scopedCarts(
    db,
    and(eq(carts.userId, userId), eq(carts.shipToCode, shipToCode), eq(carts.range, range), eq(carts.status, 'current')),
    options,
  );
  return rows[0] && toScoped(rows[0]);
}

export async function findCurrentCart(db: DbOrTx, userId: number, scope: ShipToScope, lock: boolean): Promise<CartRow | undefined> {
  const query = db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.shipToCode, scope.shipToCode), eq(carts.range, scope.range), eq(carts.status, 'current')))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export const newCartCode = (): string => randomBytes(8).toString('hex');

/**
 * The current cart of a user, ship-to and range, created when there is none. Two requests racing to create
 * it both end with the same cart: the partial unique index lets one insert win and the other does nothing.
 */
export async function ensureCurrentCart(db: DbOrTx, userId: number, scope: ShipToScope, lock: boolean): Promise<{ cart: CartRow; created: boolean }> {
  const existing = await findCurrentCart(db, userId, scope, lock);
  if (existing) return { cart: existing, created: false };
  const inserted = await db
    .insert(carts)
    .values({ code: newCartCode(), userId, shipToCode: scope.shipToCode, range: scope.range })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { cart: inserted[0], created: true };
  const winner = await findCurrentCart(db, userId, scope, lock);
  if (!winner) throw new Error('current cart vanished between insert and select');
  return { cart: winner, created: false };
}

export interface EntryRow extends FoodMarkRow {
  entryNumber: number;
  quantity: number;
  /** The line's own "Allow a substitute"; null or absent follows the ship-to's default (allowSubstitute below). */
  allowSubstitute?: boolean | null;
  productCode: string;
  categoryId: string;
  name: string;
  brand: string;
  packSize: string;
  salesUnit: string;
  storageText: string;
  shelfLifeDays: number;
  range: string;
  minOrderQuantity: number;
  stockStatus: string;
  discontinued: boolean;
  /** The sold-to's price as read (contractPriceSql); the adjusted one once priced (pricing/price-lines.ts priceRows). */
  unitPricePence: number;
  /** The product's list price, where the row was read from the catalogue. */
  listPricePence?: number;
  vatRateBp: number;
  /** The product's live stock rows (docs/stock.md); null where the feed gave none. */
  stockLevels: StockLevelPairs;
}

/** A product as a cart line shows it; the price needs `prices` left-joined for the line's sold-to. */
export const cartProductColumns = {
  productCode: products.code,
  categoryId: products.categoryId,
  name: products.name,
  brand: products.brand,
  packSize: products.packSize,
  salesUnit: products.salesUnit,
  storageText: products.storageText,
  shelfLifeDays: products.shelfLifeDays,
  range: products.range,
  minOrderQuantity: products.minOrderQuantity,
  stockStatus: products.stockStatus,
  discontinued: products.discontinued,
  unitPricePence: contractPriceSql,
  listPricePence: products.listPricePence,
  vatRateBp: products.vatRateBp,
  stockLevels: stockLevelsOf(products.code),
  ...foodMarkColumns,
};

/** A cart line: its number and quantity, and its product priced for the cart's sold-to. */
export const entryColumns = { entryNumber: cartEntries.entryNumber, quantity: cartEntries.quantity, allowSubstitute: cartEntries.allowSubstitute, ...cartProductColumns };

/** The lines of a cart with their products and the sold-to's prices, in entry order. */
export async function cartEntryRows(db: DbOrTx, cartId: number, soldToCode: string): Promise<EntryRow[]> {
  return (await entryRowsByCart(db, [cartId], soldToCode)).get(cartId) ?? [];
}

/** The lines of several carts (a page of saved carts) in one statement, by cart id, each in entry order. */
export async function entryRowsByCart(db: DbOrTx, cartIds: number[], soldToCode: string): Promise<Map<number, EntryRow[]>> {
  const byCart = new Map<number, EntryRow[]>(cartIds.map((id) => [id, []]));
  if (cartIds.length === 0) return byCart;
  const rows = await db
    .select({ cartId: cartEntries.cartId, ...entryColumns })
    .from(cartEntries)
    .innerJoin(products, eq(products.code, cartEntries.productCode))
    .leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldToCode)))
    .where(inArray(cartEntries.cartId, cartIds))
    .orderBy(asc(cartEntries.cartId), asc(cartEntries.entryNumber));
  for (const { cartId, ...row } of rows) byCart.get(cartId)?.push({ ...row, unitPricePence: Number(row.unitPricePence) });
  return byCart;
}

/** Every change to a cart bumps its version, the value clients send back in If-Match. */
export async function touchCart(db: DbOrTx, cartId: number, changes: Partial<CartRow> = {}): Promise<CartRow> {
  const rows = await db
    .update(carts)
    .set({ ...changes, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`cart ${cartId} vanished while locked`);
  return row;
}

/** Whether a line lets the warehouse send a substitute: its own choice, else its ship-to's default. */
export const allowSubstitute = (entry: Pick<EntryRow, 'allowSubstitute'>, scope: Pick<ShipToScope, 'allowSubstitutes'>): boolean =>
  entry.allowSubstitute ?? scope.allowSubstitutes;
