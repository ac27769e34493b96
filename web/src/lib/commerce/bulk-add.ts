import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import { bulkAnswerSchema, type BulkAnswer } from './weekly-schemas';

/** Many lines into the active cart in one request; the answer reports each refused line by its position (from 1). */
export async function addLinesToCart(scope: ShopScope, lines: { code: string; quantity: string | number }[]): Promise<ApiResult<BulkAnswer>> {
  return apiRequest(bulkAnswerSchema, '/users/current/carts/active/entries/bulk', {
    method: 'POST',
    query: scopeQuery(scope),
    body: { entries: lines.map((line) => ({ product: { code: line.code }, quantity: line.quantity })) },
  });
}
