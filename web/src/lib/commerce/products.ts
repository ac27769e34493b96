import 'server-only';
import { apiDownload, apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import { productSchema, type Product } from './types';

export const getProduct = (scope: ShopScope, code: string): Promise<ApiResult<Product>> =>
  apiRequest(productSchema, `/products/${encodeURIComponent(code)}`, { query: scopeQuery(scope) });

/** A product's specification sheet, rendered by the API from its food information, for the storefront to stream on. */
export const downloadSpecificationSheet = (scope: ShopScope, code: string): ReturnType<typeof apiDownload> =>
  apiDownload(`/products/${encodeURIComponent(code)}/specification.pdf`, { query: scopeQuery(scope), accept: 'application/pdf' });
