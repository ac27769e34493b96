import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import type { StandingEntry } from './standing-line-input';
import {
  deliveryDetailSchema,
  standingOrderListSchema,
  standingOrderSchema,
  type DeliveryDetail,
  type StandingOrder,
  type StandingOrderList,
} from './standing-order-schemas';

const STANDING = '/users/current/standingorders';

const orderPath = (code: string) => `${STANDING}/${encodeURIComponent(code)}`;
const deliveryPath = (code: string, date: string) => `${orderPath(code)}/deliveries/${encodeURIComponent(date)}`;

export interface NewStandingOrder {
  /** A saved cart's code, or 'active' for the current cart. */
  cartId: string;
  name?: string;
  weekdays: number[];
  startDate: string;
  endDate?: string;
  purchaseOrderNumber: string;
  deliveryInstructions: string;
}

/** What a customer changes of a standing order itself; its start date stays (the API does not change it). */
export interface StandingOrderChange {
  name: string;
  weekdays: number[];
  /** null: no end date. */
  endDate: string | null;
  purchaseOrderNumber: string;
  deliveryInstructions: string;
  /** Left out when the lines are as they were, so a line no longer sold does not block a change of the rest. */
  entries?: StandingEntry[];
}

export interface DeliveryChange {
  skipped?: boolean;
  entries?: StandingEntry[];
}

export type StandingTransition = 'pause' | 'resume' | 'end';

/** The active account's standing orders for the range, with the weekdays it receives deliveries on. */
export async function listStandingOrders(scope: ShopScope): Promise<ApiResult<StandingOrderList>> {
  return apiRequest(standingOrderListSchema, STANDING, { query: scopeQuery(scope) });
}

export async function getStandingOrder(scope: ShopScope, code: string): Promise<ApiResult<StandingOrder>> {
  return apiRequest(standingOrderSchema, orderPath(code), { query: scopeQuery(scope) });
}

/** The cart's lines are copied; the cart stays as it was. */
export async function createStandingOrder(scope: ShopScope, order: NewStandingOrder): Promise<ApiResult<StandingOrder>> {
  return apiRequest(standingOrderSchema, STANDING, { method: 'POST', query: scopeQuery(scope), body: order });
}

/** Every coming delivery not yet placed and without lines of its own follows; an ended one is refused (409). */
export async function changeStandingOrder(scope: ShopScope, code: string, change: StandingOrderChange): Promise<ApiResult<StandingOrder>> {
  return apiRequest(standingOrderSchema, orderPath(code), { method: 'PUT', query: scopeQuery(scope), body: change });
}

export async function changeStandingStatus(scope: ShopScope, code: string, transition: StandingTransition): Promise<ApiResult<StandingOrder>> {
  return apiRequest(standingOrderSchema, `${orderPath(code)}/${transition}`, { method: 'POST', query: scopeQuery(scope) });
}

export async function getDelivery(scope: ShopScope, code: string, date: string): Promise<ApiResult<DeliveryDetail>> {
  return apiRequest(deliveryDetailSchema, deliveryPath(code, date), { query: scopeQuery(scope) });
}

/** Skips, unskips or changes the lines of this one delivery; refused (409) after its cut-off or once placed. */
export async function changeDelivery(scope: ShopScope, code: string, date: string, change: DeliveryChange): Promise<ApiResult<DeliveryDetail>> {
  return apiRequest(deliveryDetailSchema, deliveryPath(code, date), { method: 'PUT', query: scopeQuery(scope), body: change });
}
