import { and, eq } from 'drizzle-orm';
import type { Principal } from '../auth/tokens';
import { RANGES, type Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { categories, prices, products } from '../db/schema';
import { notFound } from '../http/errors';
import { resolvePriceScope } from './price-scope';
import { customerPriceSql, productColumns, productView, type ProductView } from './product-view';

export interface DetailRequest {
  code: string;
  salesOrg?: Range;
  shipTo?: string;
  soldTo?: string;
}

const productNotFound = (code: string) => notFound('UnknownIdentifierError', 'code', `Product '${code}' not found`);

async function findProduct(db: DbOrTx, code: string) {
  const rows = await db
    .select({ ...productColumns, description: products.description, categoryName: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.code, code))
    .limit(1);
  return rows[0];
}

async function priceFor(db: DbOrTx, code: string, soldToCode: string): Promise<number | null> {
  const rows = await db
    .select({ pricePence: customerPriceSql })
    .from(products)
    .leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldToCode)))
    .where(eq(products.code, code));
  const price = rows[0]?.pricePence;
  return price === undefined ? null : Number(price);
}

/**
 * One product with its description. Named with a range, it must belong to that range (else 404, as a
 * product that does not exist); named with a ship-to, it carries that ship-to's sold-to price. A
 * discontinued product still answers (old orders link to it) but is not purchasable.
 */
export async function productDetail(db: DbOrTx, principal: Principal, request: DetailRequest): Promise<ProductView> {
  const row = await findProduct(db, request.code);
  if (!row || (request.salesOrg !== undefined && row.range !== request.salesOrg)) throw productNotFound(request.code);
  const range = RANGES.find((r) => r === row.range);
  if (range === undefined) throw productNotFound(request.code);
  const scope = await resolvePriceScope(db, principal, { range, shipTo: request.shipTo, soldTo: request.soldTo });
  const pricePence = scope.soldToCode === null ? null : await priceFor(db, row.code, scope.soldToCode);
  return productView({ ...row, pricePence }, () => row.categoryName);
}
