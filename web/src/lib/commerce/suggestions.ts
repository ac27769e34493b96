import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { suggestionsSchema, type Range } from './types';

/** Completions for the header search box, drawn from the active range only. */
export const fetchSuggestions = (
  term: string,
  salesOrg: Range,
  max = 8,
): Promise<ApiResult<{ suggestions: { value: string }[] }>> =>
  apiRequest(suggestionsSchema, '/products/suggestions', { query: { term: term.trim(), max: String(max), salesOrg } });
