import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, hydrated, orderableProducts, setCart, signedIn, SOLO, type ApiProduct } from './journey-support';
import { userToken } from './support/api';
import { operatorApiToken } from './support/orders-api';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';

/**
 * Live stock in the shop (docs/stock.md), at 390 and 1280 px: a cart line wanting more than is left says so and
 * offers to take what is left, and a product out of stock for the delivery date says when it is back and offers
 * "Tell me when it is back". The test sends the stock itself, as the ERP would. E2E_SHOTS_DIR=<dir> keeps screenshots.
 */
let shop: Shop;
let dates: string[];
const products = new Map<string, { short: ApiProduct; out: ApiProduct }>();

before(async () => {
  shop = await startShop();
  await prepare();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const shots = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `stock-${name}.png`), fullPage: true });
};
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const at = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);
const weekday = (isoDate: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(at(isoDate));
const dayMonth = (isoDate: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(at(isoDate)).replace(',', '');

/** Two products per width, each with its stock for solo's next delivery dates, sent through the ERP's feed. */
async function prepare(): Promise<void> {
  const token = await userToken(shop, SOLO.username);
  const answer = await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current/deliverydates?shipTo=${SOLO.shipTo}&salesOrg=${SOLO.salesOrg}`, { headers: { authorization: `Bearer ${token}` } });
  dates = ((await answer.json()) as { deliveryDates: { date: string }[] }).deliveryDates.map((one) => one.date);
  const [first, , third] = dates as [string, string, string];
  const [a, b, c, d] = (await orderableProducts(shop, SOLO, 40)).filter((product) => product.minOrderQuantity === 1) as [ApiProduct, ApiProduct, ApiProduct, ApiProduct];
  products.set('390', { short: a, out: b });
  products.set('1280', { short: c, out: d });
  const levels = [a, c].map((product) => ({ product: product.code, deliveryDate: first, available: 6 }));
  for (const product of [b, d]) levels.push({ product: product.code, deliveryDate: first, available: 0 }, { product: product.code, deliveryDate: third, available: 24 });
  const fed = await fetch(`${shop.apiUrl}/admin/v1/stock`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await operatorApiToken(shop)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ levels }),
  });
  assert.equal(fed.status, 200, await fed.text());
}

for (const [width, viewport] of [
  ['390', PHONE],
  ['1280', DESKTOP],
] as const) {
  describe(`live stock at ${width} px`, () => {
    test('a cart line wanting more than is left says so and takes the rest', async () => {
      const { short } = products.get(width) as { short: ApiProduct };
      await setCart(shop, SOLO, [{ code: short.code, quantity: 10 }]);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { account: SOLO, at: '/cart/' });
      await hydrated(page);
      const line = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').filter({ hasText: short.name });
      await line.getByText(`Only 6 left for ${weekday(dates[0] as string)}`).waitFor();
      const take = line.getByRole('button', { name: `Take the 6 left of ${short.name}` });
      assert.equal(await line.getByRole('textbox', { name: 'Quantity', exact: true }).inputValue(), '10');
      assert.equal(await scrollsSideways(page), false);
      await assertAccessible(page, `a short cart line at ${width} px`);
      await shot(page, `cart-${width}`);

      await take.click();
      await take.waitFor({ state: 'detached' });
      assert.equal(await line.getByRole('textbox', { name: 'Quantity', exact: true }).inputValue(), '6');
      await line.getByText(`Only 6 left for ${weekday(dates[0] as string)}`).waitFor();
    });

    test('a product out of stock for the delivery date says when it is back and offers to tell', async () => {
      const { out } = products.get(width) as { out: ApiProduct };
      await setCart(shop, SOLO, []);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { account: SOLO, at: `/product/${encodeURIComponent(out.code)}/` });
      await hydrated(page);
      const [first, , third] = dates as [string, string, string];
      await page.getByText(`Out of stock for ${weekday(first)} — back on ${dayMonth(third)}`).waitFor();
      assert.equal(await page.getByText('In stock', { exact: true }).count(), 0, 'the catalogue\'s status is not shown beside a notice saying otherwise');
      const tell = page.getByRole('button', { name: 'Tell me when it is back' });
      assert.equal(await scrollsSideways(page), false);
      await assertAccessible(page, `a product out of stock at ${width} px`);
      await shot(page, `product-${width}`);

      await tell.click();
      await page.getByRole('status').filter({ hasText: 'We will e-mail you once when it is back in stock' }).waitFor();
      assert.equal(await tell.count(), 0);
      await shot(page, `product-asked-${width}`);
    });
  });
}
