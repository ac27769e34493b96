import { and, eq, inArray } from 'drizzle-orm';
import type { ShipToScope } from '../accounts/ship-tos';
import { productColumns, productView, type ProductView } from '../catalogue/product-view';
import type { DbOrTx } from '../db/client';
import { contractPriceSql } from '../pricing/contract-price/contract-price';
import { categories, prices, products } from '../db/schema';
import { guideState, windowStart, type GuideStats, type GuideStatsCache } from './guide-stats';

/** Why a line of the guide cannot go into a cart any more; shown greyed, never dropped. */
export type UnavailableReason = 'discontinued' | 'outOfStock';

export interface OrderGuideLine {
  product: ProductView;
  /** Orders of the ship-to and range in the window that had the product; 0 for a par level alone. */
  timesOrdered: number;
  lastOrderedAt: string | null;
  lastQuantity: number | null;
  /** The median quantity per order (the lower middle value of an even count), whole cases. */
  usualQuantity: number | null;
  parLevel: number | null;
  unavailableReason: UnavailableReason | null;
}

export interface GuidePage {
  currentPage: number;
  pageSize: number;
}

interface Ranked {
  productCode: string;
  timesOrdered: number;
  lastOrderedAt: string | null;
  lastQuantity: number | null;
  usualQuantity: number | null;
  parLevel: number | null;
}

/**
 * One page of the guide's order: what was ordered (best first), then products kept only by a par level, by
 * code. Only the page's lines are built, however long the ship-to's list.
 */
function rankedPage(stats: GuideStats, pars: Map<string, number>, page: GuidePage): { lines: Ranked[]; total: number } {
  const parOnly = [...pars.keys()].filter((code) => !stats.byCode.has(code)).sort((a, b) => a.localeCompare(b));
  const total = stats.list.length + parOnly.length;
  const first = page.currentPage * page.pageSize;
  const lines: Ranked[] = [];
  for (let index = first; index < Math.min(total, first + page.pageSize); index++) {
    const stat = stats.list[index];
    const code = stat?.productCode ?? parOnly[index - stats.list.length] ?? '';
    const parLevel = pars.get(code) ?? null;
    lines.push(stat ? { ...stat, parLevel } : { productCode: code, timesOrdered: 0, lastOrderedAt: null, lastQuantity: null, usualQuantity: null, parLevel });
  }
  return { lines, total };
}

/** The products of one page, as they are now, priced for the ship-to's sold-to. */
async function pageProducts(db: DbOrTx, scope: ShipToScope, codes: string[]) {
  if (codes.length === 0) return new Map<string, ProductView>();
  const rows = await db
    .select({ ...productColumns, pricePence: contractPriceSql, categoryName: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, scope.soldToCode)))
    .where(and(inArray(products.code, codes), eq(products.range, scope.range)));
  return new Map(rows.map((row) => [row.code, productView({ ...row, pricePence: Number(row.pricePence) }, () => row.categoryName)]));
}

const unavailable = (product: ProductView): UnavailableReason | null =>
  !product.purchasable ? 'discontinued' : product.stock.stockLevelStatus === 'outOfStock' ? 'outOfStock' : null;

/** "Usual items" of a ship-to and range at `now`, one page of them (docs/decisions-left-open.md#weekly-ordering). */
export async function orderGuide(db: DbOrTx, cache: GuideStatsCache, scope: ShipToScope, now: Date, page: GuidePage) {
  const since = windowStart(now);
  const { version, pars } = await guideState(db, scope, since);
  const stats = await cache.stats(db, scope, since, version);
  const { lines: shown, total } = rankedPage(stats, pars, page);
  const productsByCode = await pageProducts(db, scope, shown.map((line) => line.productCode));
  const entries: OrderGuideLine[] = shown.flatMap(({ productCode, ...line }) => {
    const product = productsByCode.get(productCode);
    return product ? [{ product, ...line, unavailableReason: unavailable(product) }] : [];
  });
  return {
    entries,
    pagination: {
      currentPage: page.currentPage,
      pageSize: page.pageSize,
      totalPages: Math.ceil(total / page.pageSize),
      totalResults: total,
    },
  };
}
