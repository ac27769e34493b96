import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, orderableProducts, setCart, signedIn, SOLO, tabTo, type ApiProduct } from './journey-support';
import { userToken } from './support/api';
import { operatorApiToken, reportStatusViaApi } from './support/orders-api';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { scrollsSideways } from './weekly-support';

let shop: Shop;

before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const BASE = '/occ/v2/b2b';

interface Entry {
  entryNumber: number;
  quantity: number;
  allowSubstitute?: boolean;
  product: { code: string; name: string; packSize: string };
}

/** The customer's API, as SOLO, scoped to their ship-to and range (test set-up and checks). */
async function soloApi(): Promise<<T>(method: string, path: string, body?: unknown) => Promise<T>> {
  const token = await userToken(shop, SOLO.username);
  return async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${shop.apiUrl}${BASE}${path}${path.includes('?') ? '&' : '?'}shipTo=${SOLO.shipTo}&salesOrg=${SOLO.salesOrg}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'idempotency-key': randomUUID(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/**
 * The whole way at one width: a cart of two lines, "Allow a substitute" ticked on the first from the keyboard, the
 * order placed, the warehouse sending another product for that line, then the order page and the check-in.
 */
async function substitutedLine(viewport: { width: number; height: number }, tag: string): Promise<void> {
  const api = await soloApi();
  const search = await api<{ products: { code: string; name: string; packSize: string; minOrderQuantity?: number; discontinued?: boolean; stock?: { stockLevelStatus: string } }[] }>('GET', '/products/search?query=&pageSize=40');
  const [first, second, substitute] = search.products.filter((product) => (product.minOrderQuantity ?? 1) === 1 && product.discontinued !== true && product.stock?.stockLevelStatus !== 'outOfStock');
  assert.ok(first && second && substitute);
  await api('DELETE', '/users/current/carts/active').catch(() => undefined);
  await api('POST', '/users/current/carts');
  await api('POST', '/users/current/carts/active/entries', { product: { code: first.code }, quantity: 2 });
  await api('POST', '/users/current/carts/active/entries', { product: { code: second.code }, quantity: 1 });

  const page = await shop.newPage({ viewport });
  await signedIn(shop, page, SOLO.username, { at: '/cart/' });
  const box = page.getByRole('checkbox', { name: `Allow a substitute for ${first.name}, ${first.packSize} (${first.code})`, exact: true });
  assert.equal(await box.isChecked(), false, 'the Corner Deli does not allow substitutes by default');
  assert.equal(await page.getByRole('checkbox', { name: /^Allow a substitute for / }).count(), 2);
  await box.focus();
  await page.keyboard.press('Space');
  assert.equal(await box.isChecked(), true);
  const cartOf = () => api<{ entries: Entry[] }>('GET', '/users/current/carts/active');
  for (let wait = 0; (await cartOf()).entries.find((entry) => entry.product.code === first.code)?.allowSubstitute !== true; wait++) {
    assert.ok(wait < 100, 'the tick reaches the cart');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(await scrollsSideways(page), false, `no sideways scrolling at ${viewport.width} px`);
  await assertAccessible(page, 'the cart with "Allow a substitute"');
  await page.screenshot({ path: `/tmp/substitutions-cart-${tag}.png`, fullPage: true });

  // The box survives a reload: the shop, not the page, keeps it.
  await page.reload();
  assert.equal(await page.getByRole('checkbox', { name: `Allow a substitute for ${first.name}, ${first.packSize} (${first.code})`, exact: true }).isChecked(), true);

  const dates = await api<{ deliveryDates: { date: string }[] }>('GET', '/users/current/deliverydates');
  await api('PUT', '/users/current/carts/active', { requestedDeliveryDate: dates.deliveryDates[0]?.date });
  const order = await api<{ code: string; entries: Entry[] }>('POST', '/users/current/orders?cartId=active');
  assert.deepEqual(order.entries.map((entry) => entry.allowSubstitute), [true, false]);
  const operator = await operatorApiToken(shop);
  for (const status of ['confirmed', 'picking']) await reportStatusViaApi(shop, operator, order.code, { status });
  await reportStatusViaApi(shop, operator, order.code, { status: 'dispatched', lines: [{ entryNumber: 0, substitutedBy: substitute.code, quantity: 1, unitPrice: 1875 }] });
  await reportStatusViaApi(shop, operator, order.code, { status: 'delivered' });

  const sentence = `${substitute.name} ${substitute.packSize} sent instead of ${substitute.name === first.name ? '' : `${first.name} `}${first.packSize} × 2`;
  await page.goto(`/account/orders/${order.code}/`);
  const lines = page.getByRole('list', { name: 'Order lines' });
  await lines.getByText(sentence, { exact: true }).waitFor();
  const line = lines.getByRole('listitem').filter({ hasText: sentence });
  assert.match((await line.textContent()) ?? '', new RegExp(`Sent: 1 × £18\\.75 = £18\\.75 \\(${substitute.code}\\)`));
  assert.match((await line.textContent()) ?? '', /DeliveredSubstitute/, 'the line says it came as a substitute, not short');
  assert.equal(await scrollsSideways(page), false, `no sideways scrolling at ${viewport.width} px`);
  await assertAccessible(page, 'the order page with a substituted line');
  await page.screenshot({ path: `/tmp/substitutions-order-${tag}.png`, fullPage: true });

  await checkInSubstitute(page, order.code, substitute, sentence, viewport.width);
  await page.screenshot({ path: `/tmp/substitutions-checkin-${tag}.png`, fullPage: true });
}

/** The check-in lists the substitute, its code and the cases that came, under what it replaced. */
async function checkInSubstitute(page: Page, code: string, substitute: { code: string; name: string; packSize: string }, sentence: string, width: number): Promise<void> {
  await page.goto(`/account/orders/${code}/checkin/`);
  await page.getByRole('heading', { name: `Check in order ${code}` }).waitFor();
  const line = page.locator('#line-0-name');
  assert.equal((await line.textContent())?.trim(), substitute.name);
  const item = page.getByRole('listitem').filter({ has: line });
  const text = (await item.textContent()) ?? '';
  assert.ok(text.includes(`${substitute.packSize} · ${substitute.code} · delivered 1`), text);
  assert.ok(text.includes(sentence), text);
  assert.equal(await page.locator('#line-0-received').inputValue(), '1');
  assert.equal(await scrollsSideways(page), false, `no sideways scrolling at ${width} px`);
  await assertAccessible(page, 'the check-in of a substituted line');
}

const SITE = 'Harbour Café – Quayside';
const ADMIN = { username: 'head@example.com', shipTo: '0000410002', salesOrg: 'DAIR' } as const;
const BUYER = { username: 'buyer@example.com', shipTo: '0000410002', salesOrg: 'DAIR' } as const;

/**
 * A company admin ticks "Allow substitutes" for the site on its page from the keyboard; its buyer reads it there and
 * finds a new cart line ticked; then the admin unticks it again, so the test leaves the site as it found it.
 */
async function siteDefault(viewport: { width: number; height: number }, tag: string): Promise<void> {
  const page = await shop.newPage({ viewport });
  await signedIn(shop, page, ADMIN.username, { at: '/account/substitutes/', account: ADMIN });
  await page.getByRole('heading', { level: 1, name: 'Substitutes' }).waitFor();
  const box = page.getByRole('checkbox', { name: `Allow substitutes for ${SITE}` });
  assert.equal(await box.isChecked(), false);
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: `Saved. New cart lines for ${SITE} allow a substitute.` }).waitFor();
  assert.equal(await scrollsSideways(page), false, `no sideways scrolling at ${viewport.width} px`);
  await assertAccessible(page, `/account/substitutes/ admin (${tag})`);
  await page.screenshot({ path: `/tmp/substitutions-site-${tag}.png`, fullPage: true });

  try {
    const [product] = (await orderableProducts(shop, BUYER, 1)) as (ApiProduct & { packSize: string })[];
    assert.ok(product);
    await setCart(shop, BUYER, [{ code: product.code, quantity: 1 }]);
    const buyer = await shop.newPage({ viewport });
    await signedIn(shop, buyer, BUYER.username, { at: '/account/substitutes/', account: BUYER });
    await buyer.getByText(`New cart lines for ${SITE} allow a substitute. Your company admin can change this.`).waitFor();
    assert.equal(await buyer.getByRole('main').getByRole('checkbox').count(), 0, 'read-only for a buyer');
    await assertAccessible(buyer, `/account/substitutes/ buyer (${tag})`);
    await buyer.goto('/cart/');
    assert.equal(await buyer.getByRole('checkbox', { name: `Allow a substitute for ${product.name}, ${product.packSize} (${product.code})`, exact: true }).isChecked(), true, 'a new line starts as the site says');
  } finally {
    await page.reload();
    await page.getByRole('checkbox', { name: `Allow substitutes for ${SITE}` }).uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: `Saved. New cart lines for ${SITE} do not allow a substitute.` }).waitFor();
  }
}

describe('a substituted line (docs/substitutions.md)', () => {
  test('at 1280 px: "Allow a substitute" ticked from the keyboard; the order and its check-in show what was sent instead', async () => {
    await substitutedLine(DESKTOP, '1280');
  });

  test('at 390 px: the same on the phone, nothing wider than the screen', async () => {
    await substitutedLine(PHONE, '390');
  });

  test('at 390 px: a company admin makes the site allow substitutes; its buyer\'s new cart lines start ticked', async () => {
    await siteDefault(PHONE, '390');
  });

  test('at 1280 px: the same on a wide screen', async () => {
    await siteDefault(DESKTOP, '1280');
  });
});
