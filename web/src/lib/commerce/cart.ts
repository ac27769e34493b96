import 'server-only';
import { apiRequest } from '@/lib/api/client';
import { noContent } from '@/lib/api/transport';
import type { ApiResult } from '@/lib/errors/app-error';
import { scopeQuery, type ShopScope } from './scope';
import { cartModificationSchema, cartSchema, reorderResultSchema, savedCartsSchema, type Cart, type CartModification, type ReorderResult } from './types';

const CARTS = '/users/current/carts';

/** The current cart of the active account and range, created when there is none (docs/storefront-requirements.md §4: cart id 'active'). */
export const getActiveCart = (scope: ShopScope): Promise<ApiResult<Cart>> =>
  apiRequest(cartSchema, CARTS, { method: 'POST', query: { ...scopeQuery(scope), fields: 'FULL' } });

/** A change replayed from the offline queue carries its key: the API makes it once (docs/phone.md, "The offline cart"). */
const keyHeader = (idempotencyKey?: string) => (idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {});

export const addToCart = (scope: ShopScope, productCode: string, quantity: number, idempotencyKey?: string): Promise<ApiResult<CartModification>> =>
  apiRequest(cartModificationSchema, `${CARTS}/active/entries`, {
    method: 'POST',
    query: scopeQuery(scope),
    body: { product: { code: productCode }, quantity },
    ...keyHeader(idempotencyKey),
  });

/** Quantity 0 removes the line (docs/storefront-requirements.md §5). */
export const setEntryQuantity = (
  scope: ShopScope,
  entryNumber: number,
  productCode: string,
  quantity: number,
  idempotencyKey?: string,
): Promise<ApiResult<CartModification>> =>
  apiRequest(cartModificationSchema, `${CARTS}/active/entries/${entryNumber}`, {
    method: 'PUT',
    query: scopeQuery(scope),
    body: { product: { code: productCode }, quantity },
    ...keyHeader(idempotencyKey),
  });

/** Whether the warehouse may send a substitute for a line (docs/substitutions.md). */
export const setAllowSubstitute = (scope: ShopScope, entryNumber: number, allowSubstitute: boolean): Promise<ApiResult<CartModification>> =>
  apiRequest(cartModificationSchema, `${CARTS}/active/entries/${entryNumber}`, { method: 'PATCH', query: scopeQuery(scope), body: { allowSubstitute } });

export interface CartDetails {
  purchaseOrderNumber?: string;
  deliveryInstructions?: string;
  requestedDeliveryDate?: string;
}

/** Sets checkout fields on the cart the checkout shows (by its code: a cart ordered meanwhile is not silently replaced). */
export const updateCartDetails = (scope: ShopScope, cartId: string, details: CartDetails): Promise<ApiResult<Cart>> =>
  apiRequest(cartSchema, `${CARTS}/${encodeURIComponent(cartId)}`, { method: 'PUT', query: scopeQuery(scope), body: details });

/** One cart of the active account and range, with its lines (a saved cart's page). */
export const getCart = (scope: ShopScope, cartId: string): Promise<ApiResult<Cart>> =>
  apiRequest(cartSchema, `${CARTS}/${encodeURIComponent(cartId)}`, { query: { ...scopeQuery(scope), fields: 'FULL' } });

/** Copies a saved cart's lines into the current cart of its account and range; the saved cart stays (docs/decisions-left-open.md#weekly-ordering). */
export const addSavedCartToCart = (scope: ShopScope, cartId: string): Promise<ApiResult<ReorderResult>> =>
  apiRequest(reorderResultSchema, `${CARTS}/${encodeURIComponent(cartId)}/addtocart`, { method: 'POST', query: scopeQuery(scope) });

export const deleteCart = (scope: ShopScope, cartId: string): Promise<ApiResult<unknown>> =>
  apiRequest(noContent, `${CARTS}/${encodeURIComponent(cartId)}`, { method: 'DELETE', query: scopeQuery(scope) });

export const saveCart = (scope: ShopScope, cartId: string, name: string, description = ''): Promise<ApiResult<unknown>> =>
  apiRequest(noContent, `${CARTS}/${encodeURIComponent(cartId)}/save`, {
    method: 'PATCH',
    query: { ...scopeQuery(scope), saveCartName: name, saveCartDescription: description },
  });

export const listSavedCarts = (scope: ShopScope): Promise<ApiResult<{ carts: Cart[] }>> =>
  apiRequest(savedCartsSchema, CARTS, { query: { ...scopeQuery(scope), savedCartsOnly: 'true', fields: 'FULL' } });

export const restoreSavedCart = (scope: ShopScope, cartId: string): Promise<ApiResult<unknown>> =>
  apiRequest(noContent, `${CARTS}/${encodeURIComponent(cartId)}/restoresavedcart`, { method: 'PATCH', query: scopeQuery(scope) });
