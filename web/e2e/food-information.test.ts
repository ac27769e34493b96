import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, orderableProducts, setCart, signedIn, type ApiProduct } from './journey-support';
import { userToken } from './support/api';
import { operatorApiToken } from './support/orders-api';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';

/**
 * Issue 35 in the shop (docs/food-information.md): a product's food information on its page (the 14-allergen
 * table, nutrition, ingredients with the allergens in bold, origin, dietary badges, the specification sheet), a
 * product the supplier told nothing of ("Not supplied — ask us", never "free from"), and the compact marks with
 * the site's warning on a card, a cart line and an order's line, at 390 and 1280 px. The test writes the food
 * information (the ERP's route) and the site's profile (its company admin) itself. E2E_SHOTS_DIR=<dir> keeps
 * screenshots.
 */
let shop: Shop;
before(async () => {
  shop = await startShop();
  await prepare();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

/** Quayside's buyer orders; head office, its company's admin, says what the site avoids. */
const BUYER = { username: 'buyer@example.com', shipTo: '0000410002', salesOrg: 'DAIR' } as const;
const ADMIN = 'head@example.com';
const NOT_SUPPLIED = 'Not supplied — ask us';

const shots = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `food-${name}.png`), fullPage: true });
};
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function call<T>(url: string, token: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'idempotency-key': randomUUID(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const occ = (path: string) => `${shop.apiUrl}/occ/v2/b2b${path}${path.includes('?') ? '&' : '?'}shipTo=${BUYER.shipTo}&salesOrg=${BUYER.salesOrg}`;

/** The buyer's order of `product`, placed through the API as the shop would. */
async function placeOrder(product: ApiProduct): Promise<string> {
  await setCart(shop, BUYER, [{ code: product.code, quantity: product.minOrderQuantity }]);
  const token = await userToken(shop, BUYER.username);
  const dates = await call<{ deliveryDates: { date: string }[] }>(occ('/users/current/deliverydates'), token, 'GET');
  await call(occ('/users/current/carts/active'), token, 'PUT', { requestedDeliveryDate: dates.deliveryDates[0]?.date });
  return (await call<{ code: string }>(occ('/users/current/orders?cartId=active'), token, 'POST')).code;
}

let labelled: ApiProduct;
let unknown: ApiProduct;
let siteName: string;

/** The food information and the site's profile this file's tests read, written as the ERP and head office would. */
async function prepare(): Promise<void> {
  [labelled, unknown] = (await orderableProducts(shop, BUYER, 2)) as [ApiProduct, ApiProduct];
  const operator = await operatorApiToken(shop);
  const foodinfo = (code: string) => `${shop.apiUrl}/admin/v1/products/${encodeURIComponent(code)}/foodinfo`;
  await call(foodinfo(labelled.code), operator, 'PUT', {
    ingredients: 'Pasteurised whole *milk*, salt, starter cultures, rennet',
    allergens: { milk: 'contains', treeNuts: 'mayContain', peanuts: 'free', gluten: 'free', eggs: 'free' },
    dietary: ['vegetarian'],
    nutrition: { basis: '100g', energyKj: 1725, energyKcal: 416, fat: 34.9, saturates: 21.7, carbohydrate: 0.1, sugars: 0.1, protein: 25.4, salt: 1.8 },
    countryOfOrigin: 'United Kingdom',
  });
  // Ingredients but not one allergen declared: every row of its table must be "Not supplied — ask us".
  await call(foodinfo(unknown.code), operator, 'PUT', { ingredients: 'Water, salt', allergens: {}, dietary: [], nutrition: null, countryOfOrigin: null });
  const profile = await call<{ shipTo: { name: string } }>(
    `${shop.apiUrl}/occ/v2/b2b/users/current/allergenprofile?shipTo=${BUYER.shipTo}`,
    await userToken(shop, ADMIN),
    'PUT',
    { avoids: ['treeNuts'] },
  );
  siteName = profile.shipTo.name;
}

const statusOf = (page: Page, allergen: string) =>
  page.getByRole('table', { name: 'Allergens' }).getByRole('row', { name: new RegExp(`^${allergen}\\b`) }).getByRole('cell').innerText();

for (const [width, viewport] of [
  ['390', PHONE],
  ['1280', DESKTOP],
] as const) {
  describe(`food information at ${width} px`, () => {
    test('a product page: warning, badges, ingredients, all 14 allergens, nutrition, origin and the sheet', async () => {
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, BUYER.username, { account: BUYER, at: `/product/${encodeURIComponent(labelled.code)}/` });
      const section = page.getByRole('region', { name: 'Food information' });
      await section.waitFor();
      // The warning's sign is drawn beside its words, hidden from screen readers: the words are matched.
      await section.getByText(`May contain tree nuts — ${siteName} avoids it`).waitFor();
      assert.equal((await section.locator('dt', { hasText: /^Dietary$/ }).locator('xpath=following-sibling::dd[1]').innerText()).trim(), 'Vegetarian');
      assert.deepEqual(await section.locator('p strong').allInnerTexts(), ['milk']);
      assert.equal(await page.getByRole('table', { name: 'Allergens' }).getByRole('row').count(), 15);
      assert.equal(await statusOf(page, 'Milk'), 'Contains');
      assert.equal(await statusOf(page, 'Tree nuts'), 'May contain');
      assert.equal(await statusOf(page, 'Peanuts'), 'Free from');
      assert.equal(await statusOf(page, 'Celery'), NOT_SUPPLIED);
      assert.equal(await statusOf(page, 'Sesame'), NOT_SUPPLIED);
      const nutrition = page.getByRole('table', { name: 'Nutrition' });
      assert.equal(await nutrition.getByRole('columnheader').nth(1).innerText(), 'Per 100 g');
      assert.equal(await nutrition.getByRole('row', { name: /^Energy/ }).getByRole('cell').innerText(), '1,725 kJ / 416 kcal');
      assert.equal(await nutrition.getByRole('row', { name: /^of which saturates/ }).getByRole('cell').innerText(), '21.7 g');
      assert.equal(await nutrition.getByRole('row', { name: /^Salt/ }).getByRole('cell').innerText(), '1.8 g');
      assert.match(await section.innerText(), /Country of origin\s+United Kingdom/);
      assert.equal(await scrollsSideways(page), false);
      await assertAccessible(page, `a product's food information at ${width} px`);
      await shot(page, `product-${width}`);

      const sheet = section.getByRole('link', { name: 'Specification sheet (PDF)' });
      const href = await sheet.getAttribute('href');
      assert.equal(href, `/product/${encodeURIComponent(labelled.code)}/specification.pdf`);
      const pdf = await page.request.get(href ?? '');
      assert.equal(pdf.status(), 200);
      assert.equal(pdf.headers()['content-type'], 'application/pdf');
      assert.equal((await pdf.body()).subarray(0, 5).toString('latin1'), '%PDF-');
      assert.equal((await page.request.get('/product/NO-SUCH-PRODUCT/specification.pdf')).status(), 404);

      // Nothing declared: every allergen, the nutrition and the origin say so, and nothing claims "free from".
      await page.goto(`/product/${encodeURIComponent(unknown.code)}/`);
      await section.waitFor();
      const statuses = await page.getByRole('table', { name: 'Allergens' }).locator('tbody td').allInnerTexts();
      assert.deepEqual(statuses, Array.from({ length: 14 }, () => NOT_SUPPLIED));
      assert.doesNotMatch(await section.innerText(), /Free from|avoids it/);
      assert.match(await section.innerText(), new RegExp(`Nutrition\\s+${NOT_SUPPLIED}`));
      assert.match(await section.innerText(), new RegExp(`Country of origin\\s+${NOT_SUPPLIED}`));
      assert.equal(await scrollsSideways(page), false);
      await shot(page, `product-not-supplied-${width}`);
    });

    test('compact marks and the warning on a card, a cart line and an order line', async () => {
      const code = await placeOrder(labelled);
      await setCart(shop, BUYER, [{ code: labelled.code, quantity: labelled.minOrderQuantity }]);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, BUYER.username, { account: BUYER, at: `/search/${encodeURIComponent(labelled.name)}/` });
      // Names repeat across brands: the card is the one with the product's code.
      const card = page.getByRole('list', { name: 'Products' }).getByRole('article').filter({ hasText: labelled.code });
      const warning = `May contain tree nuts — ${siteName} avoids it`;
      const marks = ['Vegetarian', 'Contains: milk', 'May contain: tree nuts'];
      await card.getByText(warning).waitFor();
      for (const text of marks) await card.getByText(text, { exact: true }).waitFor();
      assert.equal(await scrollsSideways(page), false);
      await shot(page, `card-${width}`);

      await page.goto('/cart/');
      const line = page.getByRole('region', { name: 'Lines' }).getByRole('listitem').filter({ hasText: labelled.name }).first();
      await line.getByText(warning).waitFor();
      for (const text of marks) await line.getByText(text, { exact: true }).waitFor();
      assert.equal(await scrollsSideways(page), false);
      await shot(page, `cart-${width}`);

      await page.goto(`/account/orders/${code}/`);
      const orderLine = page.getByRole('list', { name: 'Order lines' }).getByRole('listitem').filter({ hasText: labelled.name }).first();
      await orderLine.getByText(warning).waitFor();
      for (const text of marks) await orderLine.getByText(text, { exact: true }).waitFor();
      assert.equal(await scrollsSideways(page), false);
      await assertAccessible(page, `an order's lines with food marks at ${width} px`);
      await shot(page, `order-${width}`);
    });
  });
}
