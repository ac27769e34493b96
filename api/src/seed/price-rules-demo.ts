import { and, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { datedPrices, promotions, volumeTiers } from '../db/schema';
import { applyRows } from '../admin/imports/run-import';
import { promotionImport } from '../admin/imports/kinds/promotions';
import type { PriceImportRow } from '../admin/imports/kinds/prices';
import type { ProductImportRow } from '../admin/imports/kinds/products';
import type { PromotionInput } from '../pricing/promotions/promotion-input';
import { addDays } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';

/**
 * The demo of prices that vary (docs/pricing.md, README "Demo users"): live offers of each kind, two of them ending
 * within the week, volume breaks on about one product in ten and list prices that change next week. Dates count
 * from the day of the run in London, so a demo started on any day has them live; a run on a later day moves them.
 *
 * They sit on products past the first 150 of their range by code and by name, outside milk, butter, cheese and
 * bacon: the products the first pages list (and the tests pick) keep their plain prices, so totals worked out from
 * the price list stay true there.
 */
const PLAIN_LEAVES = /^(DAIR_MILK_|DAIR_BUTTER_|DAIR_CHEESE_|CHIL_BACON_)/;
const FIRST_PAGES = 150;

/** Harbour Hospitality Ltd (multi@, head@, buyer@; demo-accounts.ts): the sold-to one promotion is only for. */
const HARBOUR = '0000100001';

const roundTo5p = (pence: number) => Math.max(5, Math.round(pence / 5) * 5);

interface Ruled {
  promotions: PromotionInput[];
  tiers: { productCode: string; minQuantity: number; pricePence: number }[];
  dated: { productCode: string; validFrom: string; pricePence: number }[];
}

/** The products the rules may touch, in catalogue order (see the comment at the top). */
function ruledProducts(products: ProductImportRow[]): ProductImportRow[] {
  const early = new Set<string>();
  for (const range of ['DAIR', 'CHIL']) {
    const inRange = products.filter((product) => product.range === range);
    for (const product of inRange.slice(0, FIRST_PAGES)) early.add(product.code);
    const byName = [...inRange].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
    for (const product of byName.slice(0, FIRST_PAGES)) early.add(product.code);
  }
  return products.filter(
    (product) =>
      !early.has(product.code) &&
      !PLAIN_LEAVES.test(product.categoryId) &&
      product.stockStatus === 'inStock' &&
      !product.discontinued &&
      product.minOrderQuantity === 1,
  );
}

/** The demo's rules for the day `today` (London). */
export function demoPriceRules(products: ProductImportRow[], prices: PriceImportRow[], today: string): Ruled {
  const candidates = ruledProducts(products);
  const taken = new Set<string>();
  const take = (categoryId: string, count: number, extra: (product: ProductImportRow) => boolean = () => true) => {
    const chosen = candidates.filter((product) => product.categoryId === categoryId && !taken.has(product.code) && extra(product)).slice(0, count);
    for (const product of chosen) taken.add(product.code);
    return chosen;
  };
  const codes = (chosen: ProductImportRow[]) => chosen.map((product) => product.code);
  const endsThisWeek = { validFrom: addDays(today, -2), validTo: addDays(today, 6) };
  const runsOn = { validFrom: addDays(today, -7), validTo: addDays(today, 56) };
  const common = { buyQuantity: null, freeQuantity: null, minQuantity: 1, who: 'all' as const, audience: [], what: 'products' as const };

  const [egg] = take('DAIR_EGGS_LIQUID', 1);
  const ruled: Ruled = { promotions: [], tiers: [], dated: [] };
  ruled.promotions.push(
    { ...common, ...endsThisWeek, code: 'DEMO-YOGURT15', name: 'Fruit yogurts 15 % off', kind: 'percentOff', value: 1500, targets: codes(take('DAIR_YOGURT_FRUIT', 3)) },
    { ...common, ...runsOn, code: 'DEMO-PRAWNS', name: '£2.00 off a case of prawns', kind: 'amountOff', value: 200, targets: codes(take('CHIL_FISH_PRAWNS', 3)) },
    {
      ...common,
      ...endsThisWeek,
      code: 'DEMO-PIZZA-3FOR2',
      name: 'Pizza: buy 2, get 1 free',
      kind: 'buyXGetY',
      value: 0,
      buyQuantity: 2,
      freeQuantity: 1,
      targets: codes(take('CHIL_PASTA_PIZZA', 2)),
    },
    { ...common, ...runsOn, code: 'DEMO-DELI-HARBOUR', name: 'Olives & antipasti 10 % off for Harbour Hospitality', kind: 'percentOff', value: 1000, who: 'soldTos', audience: [HARBOUR], targets: codes(take('CHIL_DELI_OLIVES', 2)) },
  );
  if (egg) {
    // A fixed price below what either sold-to pays for it (their own prices are at most 15 % off the list).
    const fixed = roundTo5p(egg.listPricePence * 0.8);
    ruled.promotions.push({ ...common, ...runsOn, code: 'DEMO-EGG-FIXED', name: `${egg.name} at £${(fixed / 100).toFixed(2)} a case`, kind: 'fixedPrice', value: fixed, targets: [egg.code] });
  }
  // Only promotions with products: a small catalogue may lack a leaf's later products.
  ruled.promotions = ruled.promotions.filter((promotion) => promotion.targets.length > 0);

  // The list price changes next week on products no sold-to has a price of its own for, so every customer sees it.
  const ownPrice = new Set(prices.map((price) => price.productCode));
  for (const [categoryId, factor] of [['DAIR_EGGS_FREERANGE', 1.06], ['DAIR_YOGURT_NATURAL', 1.06], ['CHIL_FISH_SMOKED', 0.94], ['CHIL_DRINKS_SMOOTHIES', 1.06]] as const) {
    for (const product of take(categoryId, 1, (candidate) => !ownPrice.has(candidate.code))) {
      ruled.dated.push({ productCode: product.code, validFrom: addDays(today, 7), pricePence: roundTo5p(product.listPricePence * factor) });
    }
  }

  // Volume breaks on about one product in ten of the catalogue, spread over the rest of the candidates.
  const rest = candidates.filter((product) => !taken.has(product.code));
  const wanted = Math.round(products.length / 10);
  const step = Math.max(1, Math.floor(rest.length / Math.max(1, wanted)));
  for (const product of rest.filter((_, index) => index % step === 0).slice(0, wanted)) {
    ruled.tiers.push(
      { productCode: product.code, minQuantity: 6, pricePence: roundTo5p(product.listPricePence * 0.9) },
      { productCode: product.code, minQuantity: 12, pricePence: roundTo5p(product.listPricePence * 0.82) },
    );
  }
  return ruled;
}

const key = (...parts: (string | number | null)[]) => parts.join('|');

/**
 * Sets the demo's everyone-rows (no sold-to) of dated prices and volume breaks back to `ruled`: rows of its
 * products that differ go, missing ones are added, equal ones stay, so a second run the same day changes nothing.
 */
async function writeDatedAndTiers(tx: Tx, ruled: Ruled): Promise<void> {
  const datedCodes = [...new Set(ruled.dated.map((row) => row.productCode))];
  if (datedCodes.length > 0) {
    const existing = await tx.select().from(datedPrices).where(and(inArray(datedPrices.productCode, datedCodes), isNull(datedPrices.soldToCode)));
    const wanted = new Set(ruled.dated.map((row) => key(row.productCode, row.validFrom, null, row.pricePence)));
    const stale = existing.filter((row) => !wanted.has(key(row.productCode, row.validFrom, row.validTo, row.pricePence)));
    if (stale.length > 0) await tx.delete(datedPrices).where(inArray(datedPrices.id, stale.map((row) => row.id)));
    const kept = new Set(existing.map((row) => key(row.productCode, row.validFrom, row.validTo, row.pricePence)));
    const missing = ruled.dated.filter((row) => !kept.has(key(row.productCode, row.validFrom, null, row.pricePence)));
    if (missing.length > 0) await tx.insert(datedPrices).values(missing.map((row) => ({ ...row, soldToCode: null, validTo: null })));
  }
  const tierCodes = [...new Set(ruled.tiers.map((row) => row.productCode))];
  if (tierCodes.length > 0) {
    const existing = await tx.select().from(volumeTiers).where(and(inArray(volumeTiers.productCode, tierCodes), isNull(volumeTiers.soldToCode)));
    const wanted = new Set(ruled.tiers.map((row) => key(row.productCode, row.minQuantity, row.pricePence)));
    const stale = existing.filter((row) => !wanted.has(key(row.productCode, row.minQuantity, row.pricePence)));
    if (stale.length > 0) await tx.delete(volumeTiers).where(inArray(volumeTiers.id, stale.map((row) => row.id)));
    const kept = new Set(existing.map((row) => key(row.productCode, row.minQuantity, row.pricePence)));
    const missing = ruled.tiers.filter((row) => !kept.has(key(row.productCode, row.minQuantity, row.pricePence)));
    if (missing.length > 0) await tx.insert(volumeTiers).values(missing.map((row) => ({ ...row, soldToCode: null })));
  }
}

/**
 * Writes the demo's price rules: the promotions through the promotions import (audited as the demo seed's), the
 * dated prices and breaks directly. A demo promotion an operator ended early stays ended: ending is final.
 */
export async function seedPriceRulesDemo(db: Db, products: ProductImportRow[], prices: PriceImportRow[], now: Date): Promise<void> {
  const ruled = demoPriceRules(products, prices, londonWallClock(now).date);
  const codes = ruled.promotions.map((promotion) => promotion.code);
  const ended = new Set(
    codes.length === 0 ? [] : (await db.select({ code: promotions.code, endedAt: promotions.endedAt }).from(promotions).where(inArray(promotions.code, codes))).filter((row) => row.endedAt !== null).map((row) => row.code),
  );
  const open = ruled.promotions.filter((promotion) => !ended.has(promotion.code));
  await applyRows(db, promotionImport, open, { fileName: 'demo seed: promotions', operatorId: null, now, mailTokenKey: null });
  await db.transaction((tx) => writeDatedAndTiers(tx, ruled));
}
