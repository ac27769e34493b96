import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { contractPriceSql } from '../pricing/contract-price/contract-price';
import type { SortCode } from './search-query';
import { P, PRICES } from './sql-names';

/**
 * The caller's price for sorting: the price paid where a rule changes it (`paid`, the unit column of the paid
 * prices joined: see paid-prices.ts), else the contract price; callers who see no prices sort by list price (which
 * reveals nothing of anyone's terms).
 */
const sortPriceSql = (soldTo: SQL | null, paid: SQL | undefined): SQL => {
  if (soldTo === null) return P.listPricePence;
  return paid === undefined ? contractPriceSql : sql`coalesce(${paid}, ${contractPriceSql})`;
};

/** One key of a sort: what is compared, and which way. */
export interface SortKey {
  value: SQL;
  descending: boolean;
}

const ascending = (value: SQLWrapper): SortKey => ({ value: sql`${value}`, descending: false });
const descending = (value: SQLWrapper): SortKey => ({ value: sql`${value}`, descending: true });

/** The keys of a sort, most significant first, ending with the code so the order is total; `rank` is the relevance column when there is free text. */
export function sortKeys(sort: SortCode, rank: SQL | undefined, soldTo: SQL | null, paid?: SQL): SortKey[] {
  const byName = [ascending(P.name), ascending(P.code)];
  switch (sort) {
    case 'relevance':
      return rank === undefined ? byName : [descending(rank), ...byName];
    case 'name-asc':
      return byName;
    case 'name-desc':
      return [descending(P.name), descending(P.code)];
    case 'price-asc':
      return [ascending(sortPriceSql(soldTo, paid)), ...byName];
    case 'price-desc':
      return [descending(sortPriceSql(soldTo, paid)), ...byName];
  }
}

/** Joins the sold-to's own prices, only ever for the sold-to in scope (`soldTo`: an expression giving its code). */
export const pricesJoin = (soldTo: SQL | null): SQL =>
  soldTo === null ? sql`` : sql`left join ${PRICES.table} on ${PRICES.productCode} = ${P.code} and ${PRICES.soldToCode} = ${soldTo}`;
