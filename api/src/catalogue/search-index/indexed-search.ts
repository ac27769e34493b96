import { sql, type SQL } from 'drizzle-orm';
import type { Range } from '../../accounts/ship-tos';
import type { DbOrTx } from '../../db/client';
import type { RangeCategories } from '../categories';
import { claimedSoldTo, type ShipToClaim } from '../price-scope';
import type { FilterKey, SortCode } from '../search-query';
import type { StatementResult } from '../search-statement';
import { selectRows } from '../sql-rows';
import { priceRulesCopyOf } from '../../pricing/price-rules/price-rules-copy';
import type { IsoDate } from '../../time/calendar-date';
import { foundProducts, runIndexQuery, type IndexQuery } from './index-query';
import { priceListed } from '../listing-prices';
import type { SearchIndex } from './search-index';
import { parseTextQuery, type QueryNode } from './text-query';

export interface IndexedSearchRequest {
  range: Range;
  /** The tsquery of the free text (searchTsquery), undefined without words. */
  tsquery: SQL | undefined;
  /** Whether the free text has literal words (searchLiterals), which only the statement matches. */
  hasLiterals: boolean;
  selected: Map<FilterKey, string[]>;
  categories: RangeCategories;
  sort: SortCode;
  claim: ShipToClaim | null;
  /** The day whose live offers make the special offers. */
  today: IsoDate;
  limit: number;
  offset: number;
}

/**
 * A search answered from the index: one small statement resolves what needs the database (the caller's
 * sold-to, checked as the search statement checks it, and the tsquery with its corrected words), the rest
 * is counted and ranked in this process. Null when the index cannot answer this one exactly (not built,
 * literal words, a tsquery shape it does not model, the sold-to's prices still loading, the price rules'
 * copy being read again, which says what is on offer): the caller then runs the search statement.
 */
export async function indexedSearch(db: DbOrTx, index: SearchIndex, request: IndexedSearchRequest): Promise<StatementResult | null> {
  if (request.hasLiterals || index.store === null) return null;
  let soldToCode: string | null = null;
  let text: QueryNode | undefined;
  if (request.claim !== null || request.tsquery !== undefined) {
    const { claim } = request;
    const soldTo = claim === null ? sql`null::text` : claimedSoldTo(claim.userId, claim.shipTo, claim.range);
    const query = request.tsquery === undefined ? sql`null::text` : sql`(${request.tsquery})::text`;
    const [row] = await selectRows<{ sold_to_code: string | null; query: string | null }>(
      db,
      sql`select ${soldTo} as sold_to_code, ${query} as query`,
    );
    soldToCode = row?.sold_to_code ?? null;
    if (claim !== null && soldToCode === null) return { soldToCode: null, total: 0, rows: [], facetCounts: [] };
    if (request.tsquery !== undefined) {
      const parsed = parseTextQuery(row?.query ?? '');
      if (parsed === null) return null;
      text = parsed;
    }
  }
  const prices = soldToCode === null ? null : index.pricesOf(soldToCode);
  if (prices === undefined) return null;
  const offers = priceRulesCopyOf(db)?.offerTargets(soldToCode, request.today);
  if (offers === undefined) return null;
  const query: IndexQuery = {
    range: request.range,
    text,
    selected: request.selected,
    categories: request.categories,
    sort: request.sort,
    prices,
    offers,
    paid: null,
    limit: request.limit,
    offset: request.offset,
  };
  // Read again after each wait: a rebuild may have emptied it meanwhile.
  let store = index.store;
  if (store === null) return null;
  if (soldToCode !== null && request.claim !== null && (request.sort === 'price-asc' || request.sort === 'price-desc')) {
    // Sorted by the price paid (docs/pricing.md "Search by the price paid"): the products found, priced as cards are.
    const lines = await priceListed(db, { soldToCode, shipToCode: request.claim.shipTo, range: request.range }, foundProducts(store, query));
    query.paid = new Map(lines.map((line) => [line.code, line.unit]));
    store = index.store;
    if (store === null) return null;
  }
  const answer = runIndexQuery(store, query);
  return answer === null ? null : { soldToCode, ...answer };
}
