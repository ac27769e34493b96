import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { prices, products } from '../db/schema';

export interface CustomerPrice {
  pricePence: number;
  vatRateBp: number;
}

/** The prices a sold-to pays: its own price where it has one, else the list price. Never another sold-to's. */
export async function customerPrices(db: DbOrTx, soldToCode: string, productCodes: string[]): Promise<Map<string, CustomerPrice>> {
  if (productCodes.length === 0) return new Map();
  const rows = await db
    .select({
      code: products.code,
      pricePence: sql<number>`coalesce(${prices.pricePence}, ${products.listPricePence})`,
      vatRateBp: products.vatRateBp,
    })
    .from(products)
    .leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldToCode)))
    .where(inArray(products.code, productCodes));
  return new Map(rows.map((row) => [row.code, { pricePence: Number(row.pricePence), vatRateBp: row.vatRateBp }]));
}
