import { randomUUID } from 'node:crypto';
import { userToken } from './api';
import type { Shop } from './shop';
import { DEMO_PASSWORD } from './shop';

const BASE = '/occ/v2/b2b';

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface PlacedOrder {
  code: string;
  entries: { entryNumber: number; quantity: number; product: { code: string; name: string } }[];
}

/** Places an order through the API as a customer would (test set-up): `quantities` of the range's first products. */
export async function placeOrderViaApi(shop: Shop, username: string, shipTo: string, salesOrg: string, quantities: number[], purchaseOrderNumber?: string): Promise<PlacedOrder> {
  const token = await userToken(shop, username);
  const scope = `shipTo=${shipTo}&salesOrg=${salesOrg}`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    json<T>(
      await fetch(`${shop.apiUrl}${BASE}${path}${path.includes('?') ? '&' : '?'}${scope}`, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'idempotency-key': randomUUID(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      `${method} ${path}`,
    );
  const search = await call<{ products: { code: string; minOrderQuantity?: number; discontinued?: boolean; stock?: { stockLevelStatus: string } }[] }>('GET', '/products/search?query=&pageSize=40');
  const sellable = search.products.filter((product) => (product.minOrderQuantity ?? 1) === 1 && product.discontinued !== true && product.stock?.stockLevelStatus !== 'outOfStock');
  await call('DELETE', '/users/current/carts/active').catch(() => undefined);
  await call('POST', '/users/current/carts');
  for (const [index, quantity] of quantities.entries()) {
    await call('POST', '/users/current/carts/active/entries', { product: { code: sellable[index]?.code }, quantity });
  }
  const dates = await call<{ deliveryDates: { date: string }[] }>('GET', '/users/current/deliverydates');
  await call('PUT', '/users/current/carts/active', { requestedDeliveryDate: dates.deliveryDates[0]?.date, purchaseOrderNumber });
  return call<PlacedOrder>('POST', '/users/current/orders?cartId=active');
}

/** An operator's bearer token, from the sign-in the storefront's server uses. */
export async function operatorApiToken(shop: Shop): Promise<string> {
  const basic = `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`;
  const body = await json<{ access_token: string }>(
    await fetch(`${shop.apiUrl}/admin/v1/auth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@meadowvale.example', password: DEMO_PASSWORD }),
    }),
    'operator sign-in',
  );
  return body.access_token;
}

/** A status report as the warehouse sends it (through the operator's API access, for the test's set-up). */
export async function reportStatusViaApi(shop: Shop, token: string, code: string, report: unknown): Promise<void> {
  await json(
    await fetch(`${shop.apiUrl}/admin/v1/orders/${encodeURIComponent(code)}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(report),
    }),
    `status ${code}`,
  );
}
