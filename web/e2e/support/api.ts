import type { Shop } from './shop';
import { DEMO_PASSWORD } from './shop';

const BASE = '/occ/v2/b2b';

function basic(shop: Shop): string {
  return `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`;
}

/** A user's access token straight from the API's token endpoint (test set-up, not the storefront's path). */
export async function userToken(shop: Shop, username: string): Promise<string> {
  const response = await fetch(`${shop.apiUrl}/authorizationserver/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic(shop), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD, channel: 'cfi' }).toString(),
  });
  if (!response.ok) throw new Error(`token for ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function revokeAtApi(shop: Shop, token: string): Promise<void> {
  const response = await fetch(`${shop.apiUrl}/authorizationserver/oauth/revoke`, {
    method: 'POST',
    headers: { authorization: basic(shop), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  if (!response.ok) throw new Error(`revoke: ${response.status}`);
}

async function call<T>(shop: Shop, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${shop.apiUrl}${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Puts `quantity` cases of the first product of a range into the user's current cart for that ship-to. */
export async function addUnitsViaApi(shop: Shop, username: string, shipTo: string, salesOrg: string, quantity: number): Promise<number> {
  const token = await userToken(shop, username);
  const scope = `shipTo=${shipTo}&salesOrg=${salesOrg}`;
  const search = await call<{ products: { code: string }[] }>(shop, token, 'GET', `/products/search?query=&pageSize=1&${scope}`);
  const code = search.products[0]?.code;
  if (!code) throw new Error(`no product in ${salesOrg}`);
  await call(shop, token, 'POST', `/users/current/carts?${scope}`);
  await call(shop, token, 'POST', `/users/current/carts/active/entries?${scope}`, { product: { code }, quantity });
  const cart = await call<{ totalUnitCount: number }>(shop, token, 'GET', `/users/current/carts/active?${scope}`);
  return cart.totalUnitCount;
}
