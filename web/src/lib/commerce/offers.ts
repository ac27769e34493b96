import 'server-only';
import { z } from 'zod';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import { productSchema, type Product } from './types';

const offersSchema = z.object({ products: z.array(productSchema) });

/** The products with an offer the account can have today, in name order (docs/pricing.md "The Offers page"). */
export async function offeredProducts(scope: ShopScope): Promise<ApiResult<Product[]>> {
  const answer = await apiRequest(offersSchema, '/products/offers', { query: { ...scopeQuery(scope), soldTo: scope.soldTo, fields: 'FULL' } });
  return answer.ok ? { ...answer, data: answer.data.products } : answer;
}
