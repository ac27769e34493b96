import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { stockLevels } from '../db/schema';
import type { StockLevel } from './stock-notice';

/** A product's stock rows as a column of the statement reading the product: `[[date, available], …]`, or null. */
export type StockLevelPairs = [string, number][] | null;

/**
 * A product's stock rows from yesterday on (the database's day: a cart's date is always later), as a column for a
 * statement that reads products: one probe of the primary key a line, no statement more.
 */
export const stockLevelsOf = (productCode: SQLWrapper): SQL<StockLevelPairs> =>
  sql<StockLevelPairs>`(select json_agg(json_build_array(${stockLevels.deliveryDate}, ${stockLevels.available}))
    from ${stockLevels} where ${stockLevels.productCode} = ${productCode} and ${stockLevels.deliveryDate} >= current_date - 1)`;

export const levelsFromPairs = (pairs: StockLevelPairs): StockLevel[] => (pairs ?? []).map(([deliveryDate, available]) => ({ deliveryDate, available }));
