import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { prices, products } from '../db/schema';
import { customerPriceSql, productColumns, type ProductRow } from './product-view';
import type { SortCode } from './search-query';

export interface PageRequest {
  where: SQL;
  sort: SortCode;
  /** Relevance expression when there is free text. */
  rank: SQL | undefined;
  soldToCode: string | null;
  currentPage: number;
  pageSize: number;
}

export interface Page {
  rows: ProductRow[];
  totalResults: number;
}

function orderBy(sort: SortCode, rank: SQL | undefined, priceSql: SQL): SQL[] {
  const byName = [asc(products.name), asc(products.code)];
  switch (sort) {
    case 'relevance':
      return rank === undefined ? byName : [desc(rank), ...byName];
    case 'name-asc':
      return byName;
    case 'name-desc':
      return [desc(products.name), desc(products.code)];
    case 'price-asc':
      return [asc(priceSql), ...byName];
    case 'price-desc':
      return [desc(priceSql), ...byName];
  }
}

/**
 * One page of matching products with the total in the same query. Price sorts use the caller's price,
 * or the list price for callers who see no prices (the order then reveals nothing customer-specific).
 */
export async function productPage(db: DbOrTx, request: PageRequest): Promise<Page> {
  const { soldToCode } = request;
  const priceSql = soldToCode === null ? sql`${products.listPricePence}` : customerPriceSql;
  const query = db
    .select({
      ...productColumns,
      pricePence: soldToCode === null ? sql<null>`null` : customerPriceSql,
      total: sql<number>`count(*) over ()`,
    })
    .from(products)
    .$dynamic();
  const joined =
    soldToCode === null
      ? query
      : query.leftJoin(prices, and(eq(prices.productCode, products.code), eq(prices.soldToCode, soldToCode)));
  const rows = await joined
    .where(request.where)
    .orderBy(...orderBy(request.sort, request.rank, priceSql))
    .limit(request.pageSize)
    .offset(request.currentPage * request.pageSize);
  const first = rows[0];
  const totalResults =
    first !== undefined ? Number(first.total) : request.currentPage === 0 ? 0 : await countMatches(db, request.where);
  return {
    rows: rows.map(({ total: _total, ...row }) => ({ ...row, pricePence: row.pricePence === null ? null : Number(row.pricePence) })),
    totalResults,
  };
}

/** Only needed for a page past the end, where the window count has no row to ride on. */
async function countMatches(db: DbOrTx, where: SQL): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
  return Number(rows[0]?.n ?? 0);
}
