import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import type { Product } from './types';

export const getProduct = (scope: ShopScope, code: string): Promise<ApiResult<Product>> =>
  apiRequest<Product>(`/products/${encodeURIComponent(code)}`, { query: scopeQuery(scope) });
