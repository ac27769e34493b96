import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { facetAggregate, readFacetAggregate, type AggregateRow, type CountRow } from './facets';
import { allConditionsExcept } from './filters';
import { claimedSoldTo, type ShipToClaim } from './price-scope';
import { pricesJoin, sortKeys } from './product-page';
import { contractPriceSql } from '../pricing/contract-price/contract-price';
import { productColumns, type ProductRow } from './product-view';
import type { FilterKey, SortCode } from './search-query';
import { constant, selectRows } from './sql-rows';
import { P } from './sql-names';
import { textCondition, textRank } from './search-text';
import { liveOfferCtes } from './live-offers';
import { textArray } from '../db/text-array';
import type { IsoDate } from '../time/calendar-date';

export interface StatementRequest {
  /** Range and sellable: every row of every part of the answer satisfies it. */
  scope: SQL;
  /** The tsquery of the free text, if any (an SQL expression: see searchTsquery). */
  tsquery: SQL | undefined;
  /** Conditions of the free text's literal words (searchLiterals), each matched as typed. */
  literals: SQL[];
  filters: Map<FilterKey, SQL>;
  sort: SortCode;
  /** The ship-to the caller names for prices, checked in the statement; null for an answer without prices. */
  claim: ShipToClaim | null;
  /** The day whose live offers make the special offers (live-offers.ts). */
  today: IsoDate;
  /** The prices paid where a rule changes them (paid-prices.ts), for a sort by price; null otherwise. */
  paid: ReadonlyMap<string, number> | null;
  limit: number;
  offset: number;
}

export interface StatementResult {
  /** The sold-to of the claimed ship-to, null when there is no claim or the caller does not hold it. */
  soldToCode: string | null;
  total: number;
  /** The page, in order, with the caller's price (null without a sold-to). */
  rows: ProductRow[];
  facetCounts: CountRow[];
}

const MATCHED_COLUMNS = sql.raw(
  [
    'code',
    'name',
    'range',
    'category_id',
    'brand',
    'storage',
    'pack_type',
    'collections',
    'featured',
    'discontinued',
    'list_price_pence',
    'allergens_free',
    'allergens_contained',
    'allergens_may_contain',
    'dietary',
  ]
    .map((column) => `"${column}"`)
    .join(', '),
);

// The keys are this module's own identifiers, so they are written into the text rather than bound.
const PAGE_FIELDS = constant(
  sql.join(
    Object.entries(productColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  ),
);

const PAID_UNIT = sql.raw('paid.unit');

/** The prices paid, joined by code as `paid(code, unit)`, when there are any: two arrays bound as one parameter each. */
function paidJoin(paid: ReadonlyMap<string, number> | null): SQL | undefined {
  if (paid === null || paid.size === 0) return undefined;
  return sql`left join unnest(${textArray([...paid.keys()])}, ${`{${[...paid.values()].join(',')}}`}::integer[]) as paid(code, unit) on paid.code = ${P.code}`;
}

/**
 * The page's products, the total and every facet's counts in one statement. With free text, the words
 * are looked up in the vocabulary (typos corrected) and the matching products read once (a materialised
 * CTE over the full-text index, ranked) and both parts work on those rows, named "products" so the same
 * filter conditions apply. Without free text the page comes from the name-ordered index and the counts
 * from an index-only scan of products_facets_idx.
 */
export async function runSearchStatement(db: DbOrTx, request: StatementRequest): Promise<StatementResult> {
  const text = request.tsquery;
  const hasText = text !== undefined || request.literals.length > 0;
  const ctes: SQL[] = [];
  // The caller's sold-to is looked up once (a CTE read as an init plan), in this statement rather than a
  // round trip before it; the caller throws the 404 when it comes back null.
  if (request.claim !== null) {
    const { userId, shipTo, range } = request.claim;
    ctes.push(sql`price_scope as (select ${claimedSoldTo(userId, shipTo, range)} as sold_to_code)`);
  }
  const soldTo = request.claim === null ? null : sql`(select sold_to_code from price_scope)`;
  ctes.push(...liveOfferCtes(soldTo ?? sql`null::text`, request.today));
  // Likewise the tsquery, which then probes the full-text index.
  const query = sql`(select query from text_query)`;
  if (text !== undefined) ctes.push(sql`text_query as (select ${text} as query)`);
  if (hasText) {
    const conditions = [request.scope, ...(text === undefined ? [] : [textCondition(query)]), ...request.literals];
    ctes.push(
      sql`matched as materialized (
        select ${MATCHED_COLUMNS}, ${text === undefined ? sql`0::real` : textRank(query)} as rank from ${P.table}
        where ${sql.join(conditions, sql` and `)}
      )`,
    );
  }
  const source = hasText ? sql`matched as ${P.table}` : P.table;
  const base = hasText ? sql`true` : request.scope;
  const rank = hasText ? sql`${P.table}.rank` : undefined;
  const where = (except?: FilterKey) => allConditionsExcept([], request.filters, except);
  const paid = paidJoin(request.paid);
  const keys = sortKeys(request.sort, rank, soldTo, paid === undefined ? undefined : PAID_UNIT);
  const keyName = (i: number) => sql.raw(`k${i}`);
  const orderOn = (key: (i: number) => SQL) =>
    sql.join(
      keys.map(({ descending }, i) => sql`${key(i)} ${sql.raw(descending ? 'desc' : 'asc')}`),
      sql`, `,
    );
  // ORDER BY … LIMIT straight on the rows lets PostgreSQL keep only the best page's worth while reading
  // them (a top-N sort); the sort keys come out with the codes so the page can be put back in order.
  const pageCodes = sql`select ${P.code} as code, ${sql.join(
    keys.map(({ value }, i) => sql`${value} as ${keyName(i)}`),
    sql`, `,
  )}
      from ${source} ${pricesJoin(soldTo)} ${paid ?? sql``}
      where ${base} and ${where()} order by ${orderOn(keyName)} limit ${request.limit} offset ${request.offset}`;
  // The page's full rows, priced, joined back to the table by code: only a page's worth of wide rows is read.
  const pageRows = sql`select json_agg(json_build_object(${PAGE_FIELDS}, 'pricePence', ${
    soldTo === null ? sql`null` : contractPriceSql
  }${soldTo === null ? sql`` : sql`, 'listPricePence', ${P.listPricePence}`}) order by ${orderOn((i) => sql`page.${keyName(i)}`)})
    from (${pageCodes}) as page join ${P.table} on ${P.code} = page.code ${pricesJoin(soldTo)}`;
  const aggregate = sql`(select json_agg(a) from (${facetAggregate(source, base, request.filters)}) as a)`;
  const [row] = await selectRows<{ sold_to_code: string | null; rows: ProductRow[] | null; aggregate: AggregateRow[] | null }>(
    db,
    sql`with recursive ${sql.join(ctes, sql`, `)} select ${soldTo ?? sql`null::text`} as sold_to_code,
      (${pageRows}) as rows, ${aggregate} as aggregate`,
  );
  const { counts, total } = readFacetAggregate(row?.aggregate ?? []);
  return { soldToCode: row?.sold_to_code ?? null, total, rows: row?.rows ?? [], facetCounts: counts };
}
