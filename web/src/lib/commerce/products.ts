import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import { productSchema, type Product } from './types';

export const getProduct = (scope: ShopScope, code: string): Promise<ApiResult<Product>> =>
  apiRequest(productSchema, `/products/${encodeURIComponent(code)}`, { query: scopeQuery(scope) });
