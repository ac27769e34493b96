import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { prices, products } from '../db/schema';
import { customerPriceSql } from './product-view';
import type { SortCode } from './search-query';

/** The caller's price for sorting; callers who see no prices sort by list price (which reveals nothing of anyone's terms). */
export const sortPriceSql = (soldToCode: string | null): SQL =>
  soldToCode === null ? sql`${products.listPricePence}` : customerPriceSql;

/** ORDER BY of a sort; `rank` is the relevance column when there is free text. */
export function orderBy(sort: SortCode, rank: SQL | undefined, soldToCode: string | null): SQL[] {
  const byName = [asc(products.name), asc(products.code)];
  switch (sort) {
    case 'relevance':
      return rank === undefined ? byName : [desc(rank), ...byName];
    case 'name-asc':
      return byName;
    case 'name-desc':
      return [desc(products.name), desc(products.code)];
    case 'price-asc':
      return [asc(sortPriceSql(soldToCode)), ...byName];
    case 'price-desc':
      return [desc(sortPriceSql(soldToCode)), ...byName];
  }
}

/** Joins the sold-to's own prices, only ever for the sold-to in scope. */
export const pricesJoin = (soldToCode: string | null): SQL =>
  soldToCode === null
    ? sql``
    : sql`left join ${prices} on ${and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldToCode))}`;
