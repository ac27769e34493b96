import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { userToken } from './support/api';
import { sealedSignIn, type Account } from './support/session';
import { DESKTOP, PHONE, type Shop } from './support/shop';

/** Shared steps of the journey tests (issue 6): both widths, keyboard-only moves, axe, API set-up. */
export const WIDTHS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

export const SOLO = { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' } as const;

/** Until React has taken over the page's main content (it tags the nodes it hydrates), so keys and clicks reach it. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  }, undefined, { polling: 50 });
}

/**
 * Signed in as `username` (a sealed session cookie, support/session.ts), then on `options.at` (default: the home
 * page) once it has hydrated.
 */
export async function signedIn(shop: Shop, page: Page, username: string, options: { at?: string; account?: Account } = {}): Promise<void> {
  await sealedSignIn(shop, page, username, { account: options.account });
  await page.goto(options.at ?? '/');
  await hydrated(page);
}

/**
 * No serious or critical axe-core violation on the page as it is now.
 *
 * Every rule runs on every node as before; two settings only spare work whose result nobody reads (docs/testing.md,
 * "The browser suite"):
 * - `resultTypes: ['violations']`: axe still reports every violating node, but builds a selector for one node
 *   only of each passing or incomplete rule, where it built one for every node on the page.
 * - A page without frames is checked in one `axe.run` inside it (the builder's "legacy" mode). The default mode,
 *   made for pages whose frames come from other origins, runs axe in each frame and then opens a new page in the
 *   browser, loads axe into it a second time and merges the frames' results there: on a page of one frame the
 *   same checks and the same results, at about twice the time. A page with frames keeps the default mode.
 */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const results = await builder.analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  assert.deepEqual(
    bad.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
    [],
    `axe on ${what}`,
  );
}

/** Keyboard only: Tab (or Shift+Tab) until `target` has focus, then the caller presses a key on it. */
export async function tabTo(page: Page, target: Locator, options: { max?: number; backwards?: boolean } = {}): Promise<void> {
  const max = options.max ?? 150;
  await target.waitFor();
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`tabTo: focus never reached ${target.toString()} within ${max} presses`);
}

/** The first product card whose Add to cart can be used (out-of-stock cards have it disabled). */
export function firstOrderableCard(page: Page): Locator {
  return page
    .getByRole('list', { name: 'Products' })
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Add to cart', disabled: false }) })
    .first();
}

/** The header's unit count, as the shell shows it. */
export async function headerUnits(page: Page): Promise<number> {
  const text = await page.getByTestId('cart-count').locator('span').first().textContent();
  return Number(text?.trim());
}

export async function waitForHeaderUnits(page: Page, units: number): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="cart-count"] span')?.textContent?.trim() === String(expected),
    units,
    { timeout: 15_000 },
  );
}

async function api<T>(shop: Shop, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${shop.apiUrl}/occ/v2/b2b${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export interface CartLine {
  code: string;
  quantity: number;
}

/** Test set-up through the API: the user's current cart holds exactly these lines (and its saved carts are gone). */
export async function setCart(shop: Shop, who: { username: string; shipTo: string; salesOrg: string }, lines: CartLine[]): Promise<void> {
  const token = await userToken(shop, who.username);
  const scope = `shipTo=${who.shipTo}&salesOrg=${who.salesOrg}`;
  const saved = await api<{ carts: { code: string }[] }>(shop, token, 'GET', `/users/current/carts?savedCartsOnly=true&${scope}`);
  for (const cart of saved.carts) await api(shop, token, 'DELETE', `/users/current/carts/${cart.code}?${scope}`);
  await api(shop, token, 'DELETE', `/users/current/carts/active?${scope}`).catch(() => undefined);
  await api(shop, token, 'POST', `/users/current/carts?${scope}`);
  for (const line of lines) {
    await api(shop, token, 'POST', `/users/current/carts/active/entries?${scope}`, { product: { code: line.code }, quantity: line.quantity });
  }
}

export interface ApiProduct {
  code: string;
  name: string;
  minOrderQuantity: number;
  stock: { stockLevelStatus: string };
}

/** Products of a range that can be ordered, for set-up: `count` of them, in name order. */
export async function orderableProducts(shop: Shop, who: { username: string; shipTo: string; salesOrg: string }, count: number, query = ':name-asc'): Promise<ApiProduct[]> {
  const token = await userToken(shop, who.username);
  const search = await api<{ products: ApiProduct[] }>(
    shop,
    token,
    'GET',
    `/products/search?query=${encodeURIComponent(query)}&pageSize=60&shipTo=${who.shipTo}&salesOrg=${who.salesOrg}`,
  );
  return search.products.filter((product) => product.stock.stockLevelStatus !== 'outOfStock').slice(0, count);
}
