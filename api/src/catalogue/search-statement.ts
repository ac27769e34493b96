import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema';
import { facetAggregate, readFacetAggregate, type AggregateRow, type CountRow } from './facets';
import { allConditionsExcept } from './filters';
import { orderBy, pricesJoin } from './product-page';
import type { FilterKey, SortCode } from './search-query';
import { selectRows } from './sql-rows';
import { textCondition, textRank } from './search-text';

export interface StatementRequest {
  /** Range and sellable: every row of every part of the answer satisfies it. */
  scope: SQL;
  /** The tsquery text of the free text, if any. */
  tsquery: string | undefined;
  filters: Map<FilterKey, SQL>;
  sort: SortCode;
  soldToCode: string | null;
  limit: number;
  offset: number;
}

export interface StatementResult {
  total: number;
  codes: string[];
  facetCounts: CountRow[];
}

const MATCHED_COLUMNS = sql.raw(
  ['code', 'name', 'range', 'category_id', 'brand', 'storage', 'pack_type', 'collections', 'featured', 'discontinued', 'list_price_pence']
    .map((column) => `"${column}"`)
    .join(', '),
);

/**
 * The page's product codes, the total and every facet's counts in one statement. With free text, the
 * matching products are read once (a materialised CTE over the full-text index, ranked) and both parts
 * work on those rows, named "products" so the same filter conditions apply. Without free text the page
 * comes from the name-ordered index and the counts from an index-only scan of products_facets_idx.
 */
export async function runSearchStatement(db: DbOrTx, request: StatementRequest): Promise<StatementResult> {
  const text = request.tsquery;
  const cte =
    text === undefined
      ? sql``
      : sql`with matched as materialized (
          select ${MATCHED_COLUMNS}, ${textRank(text)} as rank from ${products} where ${request.scope} and ${textCondition(text)}
        ) `;
  const source = text === undefined ? sql`${products}` : sql`matched as ${products}`;
  const base = text === undefined ? request.scope : sql`true`;
  const rank = text === undefined ? undefined : sql`${products}.rank`;
  const where = (except?: FilterKey) => allConditionsExcept([], request.filters, except);
  const page = sql`select json_agg(page.code) from (
      select ${products.code} from ${source} ${pricesJoin(request.soldToCode)}
      where ${base} and ${where()} order by ${sql.join(orderBy(request.sort, rank, request.soldToCode), sql`, `)}
      limit ${request.limit} offset ${request.offset}
    ) as page`;
  const [row] = await selectRows<{ codes: string[] | null; aggregate: AggregateRow[] | null }>(
    db,
    sql`${cte}select (${page}) as codes, (select json_agg(a) from (${facetAggregate(source, base, request.filters)}) as a) as aggregate`,
  );
  const aggregateRows = row?.aggregate ?? [];
  const { counts, total } = readFacetAggregate(aggregateRows);
  return { total, codes: row?.codes ?? [], facetCounts: counts };
}
