import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../auth/tokens';
import { RANGES, type Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { categories, productFoodInfo, products } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { contractPriceOfSql } from '../pricing/contract-price/contract-price';
import { checkClaim, claimedSoldTo, priceClaim } from './price-scope';
import type { CatalogueProblem } from './problems';
import { productColumns, productView, type ProductView, type ProductRow } from './product-view';
import { withListingPrices } from './listing-prices';
import { withStockNotices } from './listing-stock';
import { foodInfoColumns, foodInfoView, type FoodInfoView } from '../food-info/food-info-view';

/** A product page: the listing's view with its description and, when supplied, what is in the food. */
export type ProductDetail = ProductView & { foodInfo?: FoodInfoView };

export interface DetailRequest {
  code: string;
  salesOrg?: Range;
  shipTo?: string;
  soldTo?: string;
}

/**
 * The product with its category's name and, when a signed-in user names a ship-to, that ship-to's
 * sold-to (null unless they hold it with the product's range) and its price for the product, in one query.
 */
async function findProduct(db: DbOrTx, code: string, holder: { userId: number; shipTo: string } | null) {
  const soldTo = holder === null ? undefined : claimedSoldTo(holder.userId, holder.shipTo, products.range);
  const rows = await db
    .select({
      ...productColumns,
      description: products.description,
      ...foodInfoColumns,
      categoryName: categories.name,
      soldToCode: soldTo === undefined ? sql<string | null>`null` : sql<string | null>`${soldTo}`,
      pricePence: soldTo === undefined ? sql<number | null>`null` : contractPriceOfSql(soldTo),
      listPricePence: products.listPricePence,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(productFoodInfo, eq(productFoodInfo.productCode, products.code))
    .where(eq(products.code, code))
    .limit(1);
  return rows[0];
}

/**
 * One product with its description. Named with a range, it must belong to that range (else refused as
 * a product that does not exist); named with a ship-to, it carries that ship-to's sold-to price. A
 * discontinued product still answers (old orders link to it) but is not purchasable.
 */
export async function productDetail(db: DbOrTx, principal: Principal, request: DetailRequest, now: Date): Promise<Result<ProductDetail, CatalogueProblem>> {
  const holder = request.shipTo !== undefined && principal.kind === 'user' ? { userId: principal.user.id, shipTo: request.shipTo } : null;
  const row = await findProduct(db, request.code, holder);
  const range = RANGES.find((r) => r === row?.range);
  if (!row || range === undefined || (request.salesOrg !== undefined && range !== request.salesOrg)) return fail({ kind: 'productNotFound', code: request.code });
  const claim = priceClaim(principal, { range, shipTo: request.shipTo, soldTo: request.soldTo });
  if (!claim.ok) return claim;
  let priced: ProductRow = { ...row, pricePence: null };
  if (claim.value !== null) {
    const checked = checkClaim(claim.value, row.soldToCode);
    if (!checked.ok) return checked;
    const [withPrice] = await withListingPrices(db, { soldToCode: checked.value, shipToCode: claim.value.shipTo, range }, [{ ...row, pricePence: row.pricePence === null ? null : Number(row.pricePence) }]);
    if (withPrice) priced = withPrice;
    await withStockNotices(db, claim.value, [priced], now);
  }
  const foodInfo = foodInfoView(row.code, row);
  return ok({ ...productView(priced, () => row.categoryName), ...(foodInfo === undefined ? {} : { foodInfo }) });
}
