import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import { deliveryDatesSchema, type DeliveryDate } from './types';

export const getDeliveryDates = (scope: ShopScope): Promise<ApiResult<{ deliveryDates: DeliveryDate[] }>> =>
  apiRequest(deliveryDatesSchema, '/users/current/deliverydates', { query: scopeQuery(scope) });
