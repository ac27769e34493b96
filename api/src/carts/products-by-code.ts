import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { prices, products } from '../db/schema';
import { cartProductColumns } from './cart-queries';
import type { CartProduct } from './entries';

/** The products a list of lines names, priced for the sold-to, in one statement; unknown codes are absent. */
export async function productsByCode(db: DbOrTx, codes: string[], soldToCode: string): Promise<Map<string, CartProduct>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select(cartProductColumns)
    .from(products)
    .leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldToCode)))
    .where(inArray(products.code, codes));
  return new Map(rows.map((row) => [row.productCode, { ...row, unitPricePence: Number(row.unitPricePence) }]));
}
