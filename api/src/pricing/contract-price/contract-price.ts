import { sql, type SQL } from 'drizzle-orm';
import { prices, products } from '../../db/schema';
import type { Adjustment, AdjustingLine, PriceAdjuster, PriceContext } from '../price-adjuster';

/**
 * The sold-to's price of a product: its own where it has one, else the list price. The one definition, in SQL
 * where a statement sorts, filters or reads lines by price, with `prices` left-joined on the sold-to in scope
 * only, so a row never carries another customer's price.
 */
export const contractPriceSql: SQL<number> = sql<number>`coalesce(${prices.pricePence}, ${products.listPricePence})`;

/** The same price where `prices` is not joined: looked up for the sold-to `soldTo` names. */
export const contractPriceOfSql = (soldTo: SQL | string): SQL<number> =>
  sql<number>`coalesce((select ${prices.pricePence} from ${prices}
    where ${prices.productCode} = ${products.code} and ${prices.soldToCode} = ${soldTo}), ${products.listPricePence})`;

/** The same price where both are already in memory (the search index's price overlay). */
export const contractPrice = (ownPence: number | undefined, listPence: number): number => ownPence ?? listPence;

const contractAdjustment = (line: AdjustingLine, context: PriceContext): Adjustment | null =>
  line.contractUnit === line.listUnit ? null : { kind: 'contractPrice', source: context.soldTo, amount: line.contractUnit - line.listUnit };

/** The first adjuster: the sold-to's own price in place of the list price. */
export const contractPriceAdjuster: PriceAdjuster = {
  kind: 'contractPrice',
  adjust: (_db, context, lines) => lines.map((line) => contractAdjustment(line, context)),
};
