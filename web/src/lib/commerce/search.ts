import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import { occQuery, type ListingState } from './search-query';
import type { SearchResult } from './types';

/** Spec §9: 20 a page, first page 0. */
export const PAGE_SIZE = 20;

export function searchProducts(
  scope: ShopScope,
  freeText: string,
  state: ListingState,
  fixed: [string, string][] = [],
  pageSize = PAGE_SIZE,
): Promise<ApiResult<SearchResult>> {
  return apiRequest<SearchResult>('/products/search', {
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
