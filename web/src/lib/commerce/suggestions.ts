import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';

export const fetchSuggestions = (term: string, max = 8): Promise<ApiResult<{ suggestions: { value: string }[] }>> =>
  apiRequest('/products/suggestions', { query: { term: term.trim(), max: String(max) } });
