import type { Db } from '../db/client';
import type { PriceImportRow } from '../admin/imports/kinds/prices';
import type { ProductImportRow } from '../admin/imports/kinds/products';
import { applyStockFeed } from '../stock/apply-feed';
import { addDays } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';
import { demoPriceRules } from './price-rules-demo';

/**
 * Products listed on the first pages of their range (by code, by name), and milk, butter, cheese and bacon, are the
 * ones the tests pick: left unlimited, as price-rules-demo.ts leaves them plain.
 */
const FIRST_PAGES = 150;
const PICKED_BY_TESTS = /^(DAIR_MILK_|DAIR_BUTTER_|DAIR_CHEESE_|CHIL_BACON_)/;
/** Days from tomorrow the demo's stock covers: every ship-to's next delivery dates, whatever its weekdays. */
const DAYS = 14;

/**
 * The products the demo limits in one range: sellable ones past its first pages, without an offer, a break or a
 * price change (those are price-rules-demo.ts's), the first two by code.
 */
function demoStockProducts(products: ProductImportRow[], ruledCodes: Set<string>, range: string): ProductImportRow[] {
  const inRange = products.filter((product) => product.range === range);
  const early = new Set([...inRange.slice(0, FIRST_PAGES), ...[...inRange].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code)).slice(0, FIRST_PAGES)].map((product) => product.code));
  return inRange.filter((product) => !early.has(product.code) && !PICKED_BY_TESTS.test(product.categoryId) && !ruledCodes.has(product.code) && !product.discontinued && product.stockStatus === 'inStock' && product.minOrderQuantity === 1).slice(0, 2);
}

/** The demo's stock rows for `today` (London): per range, one product with 6 cases a day, one out for four days then back with 18. */
export function demoStockLevels(products: ProductImportRow[], prices: PriceImportRow[], today: string): { product: string; deliveryDate: string; available: number }[] {
  const ruled = demoPriceRules(products, prices, today);
  const ruledCodes = new Set([...ruled.promotions.flatMap((promotion) => promotion.targets), ...ruled.tiers.map((tier) => tier.productCode), ...ruled.dated.map((row) => row.productCode)]);
  const days = Array.from({ length: DAYS }, (_, index) => addDays(today, index + 1));
  return ['DAIR', 'CHIL'].flatMap((range) => {
    const [short, outThenBack] = demoStockProducts(products, ruledCodes, range);
    return [
      ...(short ? days.map((deliveryDate) => ({ product: short.code, deliveryDate, available: 6 })) : []),
      ...(outThenBack ? days.map((deliveryDate, index) => ({ product: outThenBack.code, deliveryDate, available: index < 4 ? 0 : 18 })) : []),
    ];
  });
}

/** Writes the demo's stock through the ERP's feed (docs/stock.md); a second run the same day changes nothing. */
export async function seedStockDemo(db: Db, products: ProductImportRow[], prices: PriceImportRow[], now: Date): Promise<void> {
  const levels = demoStockLevels(products, prices, londonWallClock(now).date);
  if (levels.length === 0) return;
  const fed = await applyStockFeed(db, levels);
  if (!fed.ok) throw new Error(`the demo's stock feed was refused: ${JSON.stringify(fed.problem).slice(0, 500)}`);
}
