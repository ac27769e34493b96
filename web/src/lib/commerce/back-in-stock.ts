import { z } from 'zod';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';

const answerSchema = z.object({ productCode: z.string(), outcome: z.enum(['requested', 'waiting']) });

/** "Tell me when it is back" (docs/stock.md): asking twice is the same as asking once. */
export const askBackInStock = (scope: ShopScope, productCode: string): Promise<ApiResult<z.infer<typeof answerSchema>>> =>
  apiRequest(answerSchema, '/users/current/backinstock', { method: 'POST', query: scopeQuery(scope), body: { productCode } });
