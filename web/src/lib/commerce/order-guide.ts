import 'server-only';
import { apiRequest } from '@/lib/api/client';
import { noContent } from '@/lib/api/transport';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import { orderGuideSchema, parAnswerSchema, type GuideLine } from './weekly-schemas';

const GUIDE = '/users/current/orderguide';

/** The API's largest page: more lines than a kitchen orders in 90 days. */
export const WHOLE_GUIDE = 500;

/** "Usual items" of the active account and range, best first (docs/decisions-left-open.md#weekly-ordering): the first `pageSize` of them. */
export async function getOrderGuide(scope: ShopScope, pageSize = WHOLE_GUIDE): Promise<ApiResult<GuideLine[]>> {
  const result = await apiRequest(orderGuideSchema, GUIDE, { query: { ...scopeQuery(scope), pageSize } });
  return result.ok ? { ...result, data: result.data.entries } : result;
}

export async function setParLevel(scope: ShopScope, productCode: string, parLevel: number): Promise<ApiResult<unknown>> {
  const path = `${GUIDE}/${encodeURIComponent(productCode)}`;
  return apiRequest(parAnswerSchema, path, { method: 'PUT', query: scopeQuery(scope), body: { parLevel } });
}

export const clearParLevel = (scope: ShopScope, productCode: string): Promise<ApiResult<unknown>> =>
  apiRequest(noContent, `${GUIDE}/${encodeURIComponent(productCode)}`, { method: 'DELETE', query: scopeQuery(scope) });
