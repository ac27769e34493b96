import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { userToken } from './support/api';
import type { Shop } from './support/shop';

const BASE = '/occ/v2/b2b';

export interface Who {
  username: string;
  shipTo: string;
  salesOrg: string;
}

/** One call to the API as a user (test set-up, not the storefront's path). */
export async function apiCall<T>(shop: Shop, who: Who, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const token = await userToken(shop, who.username);
  const separator = path.includes('?') ? '&' : '?';
  const response = await fetch(`${shop.apiUrl}${BASE}${path}${separator}shipTo=${who.shipTo}&salesOrg=${who.salesOrg}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Places an order of these lines for the user's ship-to, as the customer would have last week. */
export async function placeOrder(shop: Shop, who: Who, lines: { code: string; quantity: number }[]): Promise<void> {
  await apiCall(shop, who, 'DELETE', '/users/current/carts/active').catch(() => undefined);
  await apiCall(shop, who, 'POST', '/users/current/carts');
  for (const line of lines) await apiCall(shop, who, 'POST', '/users/current/carts/active/entries', { product: { code: line.code }, quantity: line.quantity });
  const { deliveryDates } = await apiCall<{ deliveryDates: { date: string }[] }>(shop, who, 'GET', '/users/current/deliverydates');
  await apiCall(shop, who, 'PUT', '/users/current/carts/active', { requestedDeliveryDate: deliveryDates[0]?.date });
  await apiCall(shop, who, 'POST', '/users/current/orders?cartId=active', undefined, { 'idempotency-key': randomUUID() });
}

/** Moves the API's clock (TEST_CLOCK_CONTROL); null goes back to the real time. */
export async function setApiClock(shop: Shop, now: Date | null): Promise<void> {
  const response = await fetch(`${shop.apiUrl}/test/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: now?.toISOString() ?? null }),
  });
  assert.equal(response.status, 200, await response.text());
}

/** Whether the page scrolls sideways. */
export const scrollsSideways = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
