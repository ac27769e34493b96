import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { prices, products } from '../db/schema';
import { contractPriceSql } from './contract-price/contract-price';
import { lineAmounts, sumTotals, type LineAmounts, type Totals } from './money';
import type { Adjustment, AdjustingLine, Charge, GoodsTotals, LineAnswer, PriceContext, PriceHint } from './price-adjuster';
import { priceAdjusters, priceChargeAdjusters } from './price-adjusters';

/** What the catalogue holds about a product's price for a sold-to: the start of the pipeline. */
export interface CatalogueBase {
  categoryId: string;
  listUnit: number;
  contractUnit: number;
  vatRateBp: number;
}

export interface LineToPrice {
  code: string;
  quantity: number;
  /** The base as the caller's own statement already read it (with contractPriceSql), so it is not read again. */
  known?: CatalogueBase;
}

export interface PricedLine {
  code: string;
  quantity: number;
  vatRateBp: number;
  listUnit: number;
  unit: number;
  adjustments: readonly Adjustment[];
  /** What the adjusters told of the line beyond its price (the next volume break, an offer ending before delivery). */
  hints: readonly PriceHint[];
  net: number;
  vat: number;
}

export interface PricedLines {
  lines: PricedLine[];
  totals: Totals;
}

/** The bases of products for a sold-to, in one statement; unknown codes are absent. */
export async function catalogueBases(db: DbOrTx, soldTo: string, codes: string[]): Promise<Map<string, CatalogueBase>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: products.code, categoryId: products.categoryId, listUnit: products.listPricePence, contractUnit: contractPriceSql, vatRateBp: products.vatRateBp })
    .from(products)
    .leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldTo)))
    .where(inArray(products.code, codes));
  return new Map(rows.map(({ code, ...base }) => [code, { ...base, contractUnit: Number(base.contractUnit) }]));
}

const NONE: readonly never[] = Object.freeze([]);

/**
 * A line being priced: the pipeline's own object, changed in place as each adjuster answers (an adjuster only
 * reads the lines it is given), so pricing fifty lines does not copy each one at every step. Most lines get no
 * adjustment and no hint: they share one empty list until they do.
 */
export interface AdjustedLine extends AdjustingLine {
  adjustments: readonly Adjustment[];
  hints: readonly PriceHint[];
}

async function withBases(db: DbOrTx, context: PriceContext, lines: LineToPrice[]): Promise<AdjustedLine[]> {
  const missing = lines.filter((line) => !line.known).map((line) => line.code);
  const read = missing.length === 0 ? new Map<string, CatalogueBase>() : await catalogueBases(db, context.soldTo, [...new Set(missing)]);
  return lines.map(({ code, quantity, known }) => {
    const base = known ?? read.get(code);
    if (!base) throw new Error(`no product ${code} to price`);
    return lineToAdjust(code, base.categoryId, quantity, base);
  });
}

/** An adjustment never takes a unit price below nothing: a larger reduction is cut to the price left. */
function applyOne(line: AdjustedLine, adjustment: Adjustment): void {
  const amount = Math.max(adjustment.amount, -line.unit);
  line.unit += amount;
  line.adjustments = [...line.adjustments, amount === adjustment.amount ? adjustment : { ...adjustment, amount }];
}

function apply(line: AdjustedLine, answer: LineAnswer | undefined): void {
  if (!answer) return;
  if (!('adjustments' in answer)) return applyOne(line, answer);
  for (const adjustment of answer.adjustments) applyOne(line, adjustment);
  if (answer.hints.length > 0) line.hints = [...line.hints, ...answer.hints];
}

/**
 * Every registered adjuster in turn adjusts the lines' unit prices (one call for all the lines), in place. An
 * adjuster that answers at once is not awaited: a listing or a cart priced from the process's copy of the
 * rules then costs no turn of the event loop per adjuster.
 */
export async function adjustLines(db: DbOrTx, context: PriceContext, lines: AdjustedLine[]): Promise<AdjustedLine[]> {
  for (const adjuster of priceAdjusters()) {
    const answered = adjuster.adjust(db, context, lines);
    const answers = answered instanceof Promise ? await answered : answered;
    for (let i = 0; i < lines.length; i++) apply(lines[i] as AdjustedLine, answers[i]);
  }
  return lines;
}

/**
 * The one answer to what lines cost (docs/pricing.md): each line starts at its list price, the adjusters adjust
 * its unit price (adjustLines), then the line's net is its unit price times its quantity with VAT per line
 * (money.ts), and the totals are their sums.
 */
export async function priceLines(db: DbOrTx, context: PriceContext, lines: LineToPrice[]): Promise<PricedLines> {
  const adjusted = await adjustLines(db, context, await withBases(db, context, lines));
  const priced = adjusted.map(({ code, quantity, vatRateBp, listUnit, unit, adjustments, hints }) => {
    const amounts = lineAmounts(unit, quantity, vatRateBp);
    return { code, quantity, vatRateBp, listUnit, unit, adjustments, hints, net: amounts.netPence, vat: amounts.vatPence };
  });
  return { lines: priced, totals: sumTotals(priced.map((line) => ({ netPence: line.net, vatPence: line.vat }))) };
}

/**
 * A line as the shop's statements read it (carts/cart-queries.ts cartProductColumns): its unit price is the
 * sold-to's price (contractPriceSql) until priceRows has priced it.
 */
export interface PriceableRow {
  productCode: string;
  categoryId: string;
  quantity: number;
  unitPricePence: number;
  /** The list price; a row without it is taken at its unit price. */
  listPricePence?: number;
  vatRateBp: number;
  /** Only a row not yet priced can be priced: its adjustments would otherwise apply twice. */
  adjustments?: never;
}

/** A row priced by the pipeline: its unit price is the adjusted one, its adjustments say how it was reached. */
export type PricedRow<T> = Omit<T, 'adjustments'> & { adjustments: readonly Adjustment[]; priceHints: readonly PriceHint[] };

/** A line to adjust from the prices a statement already read: its unit price is the sold-to's until adjusted. */
export const lineToAdjust = (code: string, categoryId: string, quantity: number, prices: { contractUnit: number; listUnit: number; vatRateBp: number }): AdjustedLine => ({
  code,
  categoryId,
  quantity,
  vatRateBp: prices.vatRateBp,
  listUnit: prices.listUnit,
  contractUnit: prices.contractUnit,
  unit: prices.listUnit,
  adjustments: NONE,
  hints: NONE,
});

const rowLine = (row: PriceableRow): AdjustedLine =>
  lineToAdjust(row.productCode, row.categoryId, row.quantity, { contractUnit: row.unitPricePence, listUnit: row.listPricePence ?? row.unitPricePence, vatRateBp: row.vatRateBp });

/** Rows as read, priced by the adjusters with the bases they carry: no statement of its own unless an adjuster needs one. */
export async function priceRows<T extends PriceableRow>(db: DbOrTx, context: PriceContext, rows: T[]): Promise<PricedRow<T>[]> {
  const lines = await adjustLines(db, context, rows.map(rowLine));
  return rows.map((row, index) => {
    const line = lines[index];
    if (!line) throw new Error('the adjusters answered fewer lines than they were given');
    return { ...row, unitPricePence: line.unit, adjustments: line.adjustments, priceHints: line.hints };
  });
}

/** A priced row's net and VAT, as priceLines works them out. */
export const rowAmounts = (row: Pick<PriceableRow, 'unitPricePence' | 'quantity' | 'vatRateBp'>): LineAmounts => lineAmounts(row.unitPricePence, row.quantity, row.vatRateBp);

/** The totals of priced rows, as priceLines sums them. */
export const rowTotals = (rows: readonly Pick<PriceableRow, 'unitPricePence' | 'quantity' | 'vatRateBp'>[]): Totals => sumTotals(rows.map(rowAmounts));

/** Priced lines' totals with the charges on the order as a whole: what the order costs. */
interface ChargedTotals {
  /** The lines' own totals, before any charge. */
  goods: Totals;
  charges: readonly Charge[];
  /** The goods and the charges together. */
  totals: Totals;
}

/**
 * The last steps of the pipeline: each charge adjuster looks at the goods' totals (the lines as priced, after
 * every price rule and promotion) and may add a charge; the order's totals are the goods' and the charges'.
 */
export function priceCharges(context: PriceContext, goods: GoodsTotals): ChargedTotals {
  const charges: Charge[] = [];
  for (const adjuster of priceChargeAdjusters()) {
    const charge = adjuster.charge(context, goods);
    if (charge) charges.push(charge);
  }
  const goodsTotals = { netPence: goods.netPence, vatPence: goods.vatPence, grossPence: goods.netPence + goods.vatPence };
  if (charges.length === 0) return { goods: goodsTotals, charges, totals: goodsTotals };
  const totals = sumTotals([goods, ...charges]);
  return { goods: goodsTotals, charges, totals };
}
