import type { Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { ok, type Result } from '../errors/result';
import type { RangeCategories } from './categories';
import { searchFacets, type Facet } from './facets';
import { filterConditions, inRange } from './filters';
import { checkClaim, type ShipToClaim } from './price-scope';
import type { CatalogueProblem } from './problems';
import { runSearchStatement } from './search-statement';
import { withListingPrices } from './listing-prices';
import { paidPrices } from './paid-prices';
import { pricingToday } from '../pricing/price-adjuster';
import { withStockNotices } from './listing-stock';
import { productView, type ProductView } from './product-view';
import { effectiveSort, formatSearchQuery, selectedValues, SORTS, type SearchQuery } from './search-query';
import { literalCondition, searchLiterals, searchTsquery, searchWords } from './search-text';
import { indexedSearch } from './search-index/indexed-search';
import type { SearchIndex } from './search-index/search-index';

export interface SearchRequest {
  query: SearchQuery;
  currentPage: number;
  pageSize: number;
}

export interface SearchResult {
  type: 'productCategorySearchPageWsDTO';
  currentQuery: { query: { value: string }; url: string };
  freeTextSearch: string;
  breadcrumbs: { facetCode: string; facetName: string; facetValueCode: string; facetValueName: string; removeQuery: { query: { value: string } } }[];
  facets: Facet[];
  pagination: { currentPage: number; pageSize: number; totalPages: number; totalResults: number; sort: string };
  products: ProductView[];
  sorts: { code: string; name: string; selected: boolean }[];
}

/**
 * The search of docs/storefront-requirements.md §7: one range (`categories` are that range's), the prices of the ship-to the caller
 * names (checked in the search statement: shipToNotFound unless they hold it), facets that count against the other
 * filters. Answered from this process's search index when it can answer exactly, else by one statement.
 */
export async function searchProducts(
  db: DbOrTx,
  index: SearchIndex | null,
  range: Range,
  claim: ShipToClaim | null,
  categories: RangeCategories,
  request: SearchRequest,
  now: Date,
): Promise<Result<SearchResult, CatalogueProblem>> {
  const { query } = request;
  const sort = effectiveSort(query);
  const tsquery = searchTsquery(searchWords(query.freeText));
  const literals = searchLiterals(query.freeText);
  const selected = selectedValues(query);
  const page = { claim, today: pricingToday(), limit: request.pageSize, offset: request.currentPage * request.pageSize };
  const indexed =
    index === null
      ? null
      : await indexedSearch(db, index, { range, tsquery, hasLiterals: literals.length > 0, selected, categories, sort, ...page });
  const result =
    indexed ??
    (await runSearchStatement(db, {
      scope: inRange(range),
      tsquery,
      literals: literals.map(literalCondition),
      filters: filterConditions(selected, categories),
      sort,
      paid: claim !== null && (sort === 'price-asc' || sort === 'price-desc') ? (await paidPrices(db, claim)).paid : null,
      ...page,
    }));
  const checked = claim === null ? ok(null) : checkClaim(claim, result.soldToCode);
  if (!checked.ok) return checked;
  const rows = claim === null || checked.value === null ? result.rows : await withStockNotices(db, claim, await withListingPrices(db, { soldToCode: checked.value, shipToCode: claim.shipTo, range }, result.rows), now);
  const facets = searchFacets({ counts: result.facetCounts, query, sort, categories });
  const categoryName = (id: string) => categories.name(id) ?? id;
  const value = formatSearchQuery(query, sort);
  return ok({
    type: 'productCategorySearchPageWsDTO',
    currentQuery: { query: { value }, url: `/search?q=${encodeURIComponent(value)}` },
    freeTextSearch: query.freeText,
    breadcrumbs: breadcrumbs(facets),
    facets,
    pagination: {
      currentPage: request.currentPage,
      pageSize: request.pageSize,
      totalPages: Math.ceil(result.total / request.pageSize),
      totalResults: result.total,
      sort,
    },
    products: rows.map((row) => productView(row, categoryName)),
    sorts: SORTS.map((s) => ({ code: s.code, name: s.name, selected: s.code === sort })),
  });
}

function breadcrumbs(facets: Facet[]): SearchResult['breadcrumbs'] {
  return facets.flatMap((facet) =>
    facet.values
      .filter((v) => v.selected)
      .map((v) => ({
        facetCode: facet.code,
        facetName: facet.name,
        facetValueCode: v.code,
        facetValueName: v.name,
        removeQuery: { query: { value: v.query.query.value } },
      })),
  );
}
