import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import { DEFAULT_LISTING, occQuery, type ListingState } from './search-query';
import { searchResultSchema, type SearchResult } from './types';

/** docs/storefront-requirements.md §9: 20 a page, first page 0. */
export const PAGE_SIZE = 20;

export function searchProducts(
  scope: ShopScope,
  freeText: string,
  state: ListingState,
  fixed: [string, string][] = [],
  pageSize = PAGE_SIZE,
): Promise<ApiResult<SearchResult>> {
  return apiRequest(searchResultSchema, '/products/search', {
    query: {
      ...scopeQuery(scope),
      soldTo: scope.soldTo,
      query: occQuery(freeText, state, fixed),
      currentPage: String(state.page),
      pageSize: String(pageSize),
      fields: 'FULL',
    },
  });
}

/**
 * A listing page's search. A hand-edited address falls back to the default rather than showing an error: a page
 * past the last one shows the first ("1961–80 of 80" otherwise), and filters the API refuses (400) are dropped.
 * Returns the state the result is for, so the page's links and chips match what it shows.
 */
export async function searchListing(
  scope: ShopScope,
  freeText: string,
  state: ListingState,
  fixed: [string, string][] = [],
): Promise<{ state: ListingState; result: ApiResult<SearchResult> }> {
  const result = await searchProducts(scope, freeText, state, fixed);
  if (result.ok && state.page > 0 && state.page >= result.data.pagination.totalPages) {
    const first = { ...state, page: 0 };
    return { state: first, result: await searchProducts(scope, freeText, first, fixed) };
  }
  if (!result.ok && result.error.status === 400 && (state.sort !== undefined || state.filters.length > 0 || state.page > 0)) {
    return { state: DEFAULT_LISTING, result: await searchProducts(scope, freeText, DEFAULT_LISTING, fixed) };
  }
  return { state, result };
}
