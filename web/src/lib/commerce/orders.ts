import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult, AppError } from '@/lib/errors/app-error';
import { amendmentCheckSchema, type AmendmentCheck } from './amend-check';
import { scopeQuery, type ShopScope } from './scope';
import type { CompanyOrderQuery } from './company-orders';
import { companyOrderHistorySchema, orderHistorySchema, orderSchema, reorderResultSchema, type CompanyOrderHistory, type Order, type OrderHistory, type ReorderResult } from './types';

const ORDERS = '/users/current/orders';
export const ORDER_PAGE_SIZE = 20;

/** A repeat with the same key returns the same order (docs/api.md), so a double submit makes one order. */
export const placeOrder = (scope: ShopScope, cartId: string, idempotencyKey: string): Promise<ApiResult<Order>> =>
  apiRequest(orderSchema, ORDERS, {
    method: 'POST',
    query: { ...scopeQuery(scope), cartId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const listOrders = (scope: ShopScope, page: number): Promise<ApiResult<OrderHistory>> =>
  apiRequest(orderHistorySchema, ORDERS, {
    query: { ...scopeQuery(scope), currentPage: String(page), pageSize: String(ORDER_PAGE_SIZE) },
  });

/** Head office's view of every order of its sites (docs/api.md), filtered; the API refuses it (403) to a plain buyer. */
export function listCompanyOrders(query: CompanyOrderQuery, page: number, pageSize = ORDER_PAGE_SIZE): Promise<ApiResult<CompanyOrderHistory>> {
  const filters = Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
  return apiRequest(companyOrderHistorySchema, ORDERS, { query: { scope: 'company', ...filters, currentPage: String(page), pageSize: String(pageSize) } });
}

export const getOrder = (scope: ShopScope, code: string): Promise<ApiResult<Order>> =>
  apiRequest(orderSchema, `${ORDERS}/${encodeURIComponent(code)}`, { query: scopeQuery(scope) });

export const reorder = (scope: ShopScope, code: string): Promise<ApiResult<ReorderResult>> =>
  apiRequest(reorderResultSchema, `${ORDERS}/${encodeURIComponent(code)}/reorder`, { method: 'POST', query: scopeQuery(scope) });

export interface OrderAmendment {
  entries: { product: { code: string }; quantity: number }[];
  purchaseOrderNumber: string;
  deliveryInstructions: string;
}

/** Replaces the order's lines, PO number and instructions until its cut-off; the API reprices it. */
export const amendOrder = (scope: ShopScope, code: string, amendment: OrderAmendment): Promise<ApiResult<Order>> =>
  apiRequest(orderSchema, `${ORDERS}/${encodeURIComponent(code)}`, { method: 'PUT', query: scopeQuery(scope), body: amendment });

/** What saving these changes would do to the order's approval; nothing is saved. */
export const checkAmendment = (scope: ShopScope, code: string, amendment: OrderAmendment): Promise<ApiResult<AmendmentCheck>> =>
  apiRequest(amendmentCheckSchema, `${ORDERS}/${encodeURIComponent(code)}/amendmentcheck`, { method: 'POST', query: scopeQuery(scope), body: amendment });

export const cancelOrder = (scope: ShopScope, code: string): Promise<ApiResult<Order>> =>
  apiRequest(orderSchema, `${ORDERS}/${encodeURIComponent(code)}/cancel`, { method: 'POST', query: scopeQuery(scope) });

/** The order a cart already became, when placing it was refused for that (409 naming the order). */
export function orderedAs(error: AppError): string | undefined {
  if (error.status !== 409 || error.subject !== 'cartId') return undefined;
  return /already been ordered as ([A-Za-z0-9-]{1,40})$/.exec(error.description)?.[1];
}
