import 'server-only';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import type { Cart, CartModification } from './types';

const CARTS = '/users/current/carts';

/** The current cart of the active account and range, created when there is none (spec §4: cart id 'active'). */
export const getActiveCart = (scope: ShopScope): Promise<ApiResult<Cart>> =>
  apiRequest<Cart>(CARTS, { method: 'POST', query: { ...scopeQuery(scope), fields: 'FULL' } });

export const addToCart = (scope: ShopScope, productCode: string, quantity: number): Promise<ApiResult<CartModification>> =>
  apiRequest<CartModification>(`${CARTS}/active/entries`, {
    method: 'POST',
    query: scopeQuery(scope),
    body: { product: { code: productCode }, quantity },
  });

/** Quantity 0 removes the line (spec §5). */
export const setEntryQuantity = (
  scope: ShopScope,
  entryNumber: number,
  productCode: string,
  quantity: number,
): Promise<ApiResult<CartModification>> =>
  apiRequest<CartModification>(`${CARTS}/active/entries/${entryNumber}`, {
    method: 'PUT',
    query: scopeQuery(scope),
    body: { product: { code: productCode }, quantity },
  });

export interface CartDetails {
  purchaseOrderNumber?: string;
  deliveryInstructions?: string;
  requestedDeliveryDate?: string;
}

export const updateCartDetails = (scope: ShopScope, details: CartDetails): Promise<ApiResult<Cart>> =>
  apiRequest<Cart>(`${CARTS}/active`, { method: 'PUT', query: scopeQuery(scope), body: details });

export const deleteCart = (scope: ShopScope, cartId: string): Promise<ApiResult<unknown>> =>
  apiRequest(`${CARTS}/${encodeURIComponent(cartId)}`, { method: 'DELETE', query: scopeQuery(scope) });

export const saveCart = (scope: ShopScope, cartId: string, name: string, description = ''): Promise<ApiResult<unknown>> =>
  apiRequest(`${CARTS}/${encodeURIComponent(cartId)}/save`, {
    method: 'PATCH',
    query: { ...scopeQuery(scope), saveCartName: name, saveCartDescription: description },
  });

export const listSavedCarts = (scope: ShopScope): Promise<ApiResult<{ carts: Cart[] }>> =>
  apiRequest<{ carts: Cart[] }>(CARTS, { query: { ...scopeQuery(scope), savedCartsOnly: 'true', fields: 'FULL' } });

export const restoreSavedCart = (scope: ShopScope, cartId: string): Promise<ApiResult<unknown>> =>
  apiRequest(`${CARTS}/${encodeURIComponent(cartId)}/restoresavedcart`, { method: 'PATCH', query: scopeQuery(scope) });
