import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { assertAccessible, hydrated, orderableProducts, setCart, signedIn, SOLO, WIDTHS, type ApiProduct } from './journey-support';
import { apiCall } from './weekly-support';
import { operatorApiToken } from './support/orders-api';
import { startShop, type Shop } from './support/shop';
import { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';

/**
 * Prices that vary, in the cart (docs/pricing.md): a promotion an operator keeps in the back office shows on the
 * buyer's cart line with the price before it, the saving and its last day, the summary adds the savings up, and a
 * delivery date chosen at checkout after the offer's last day re-prices the line, says so, and the cart says why.
 */
/** A product as search answers it to a signed-in buyer: with the price the buyer pays. */
type PricedProduct = ApiProduct & { price?: { valuePence: number; formattedValue: string } };

let shop: Shop;
let offered: PricedProduct;
let plain: PricedProduct;
let tiered: PricedProduct;
let breakPrice = '';
let firstDate = '';
let laterDate = '';
const CODE = `E2E-CART-${Date.now().toString(36).toUpperCase()}`;

const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const longDate = (iso: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

interface CartLineJson {
  product: { code: string };
  basePrice: { formattedValue: string };
  wasPrice?: { formattedValue: string };
  saving?: { formattedValue: string };
}
const cartOf = () => apiCall<{ entries: CartLineJson[]; totalSaving: { valuePence: number; formattedValue: string } }>(shop, SOLO, 'GET', '/users/current/carts/active');
const setDate = (date: string) => apiCall(shop, SOLO, 'PUT', '/users/current/carts/active', { requestedDeliveryDate: date });

before(async () => {
  shop = await startShop();
  // Three products of different names: the cards and lines below are found by name.
  const candidates = (await orderableProducts(shop, SOLO, 20)) as PricedProduct[];
  const distinct = candidates.filter((one, index) => candidates.findIndex((other) => other.name === one.name) === index);
  [offered, plain, tiered] = distinct as [PricedProduct, PricedProduct, PricedProduct];
  assert.ok(tiered, 'three products of different names');
  // A volume break on the third product, 5 cases and up at a tenth off its price, as an operator's import would make it
  // (the embedded database has one process at a time: written while the API is stopped).
  const tieredPence = tiered.price?.valuePence ?? 0;
  assert.ok(tieredPence > 0, 'the product has a price');
  const breakPence = Math.floor(tieredPence * 0.9);
  breakPrice = `£${(breakPence / 100).toFixed(2)}`;
  await shop.withApiDown(async () => {
    const db = new PGlite(join(shop.dataDir, 'pglite'));
    await db.query('insert into volume_tiers (product_code, min_quantity, price_pence) values ($1, 5, $2)', [tiered.code, breakPence]);
    await db.close();
  });
  const { deliveryDates } = await apiCall<{ deliveryDates: { date: string }[] }>(shop, SOLO, 'GET', '/users/current/deliverydates');
  [firstDate = '', laterDate = ''] = deliveryDates.map((one) => one.date);
  assert.ok(firstDate && laterDate > firstDate, 'two delivery dates to choose between');
  const token = await operatorApiToken(shop);
  const created = await fetch(`${shop.apiUrl}/admin/v1/promotions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code: CODE, name: 'Cart test 10 % off', kind: 'percentOff', value: 1000, minQuantity: 1, who: 'all', audience: [], what: 'products', targets: [offered.code], validFrom: londonToday(), validTo: firstDate }),
  });
  assert.equal(created.status, 201, await created.text());
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

describe('offers in the cart', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`a buyer sees the offer, its saving and last day, then a later delivery date prices it away (${name})`, async () => {
      await setCart(shop, SOLO, [
        { code: offered.code, quantity: 3 },
        { code: plain.code, quantity: 1 },
      ]);
      await setDate(firstDate);
      const priced = await cartOf();
      const line = priced.entries.find((entry) => entry.product.code === offered.code);
      assert.ok(line?.wasPrice && line.saving, 'the API prices the line with the offer');
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { at: '/cart/' });
      await page.getByText(`for delivery on ${longDate(firstDate)}`).waitFor();
      const offerLine = page.locator('li').filter({ hasText: offered.name }).first();
      await offerLine.getByText(`Cart test 10 % off: was ${line.wasPrice.formattedValue}, you save ${line.saving.formattedValue}`).waitFor();
      await offerLine.getByText(`${line.basePrice.formattedValue} per case`).waitFor();
      const summary = page.getByRole('complementary', { name: 'Summary' });
      assert.equal(await summary.getByText('Offers save you').count(), 1);
      assert.equal(await summary.getByText(priced.totalSaving.formattedValue).count(), 1);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
      await assertAccessible(page, `the cart with an offer (${name})`);

      // At checkout, a later date re-prices the cart and says which line changed; the summary follows.
      await page.goto('/cart/checkout/');
      await hydrated(page);
      await page.getByLabel('Delivery date').selectOption(laterDate);
      await page.getByRole('status').getByText(`Prices for ${longDate(laterDate)}: ${offered.name} now ${line.wasPrice.formattedValue} a case (was ${line.basePrice.formattedValue}).`).waitFor();
      const orderSummary = page.getByRole('complementary', { name: 'Order summary' });
      await orderSummary.getByText('Offers save you').waitFor({ state: 'detached' });
      await page.goto('/cart/');
      await page.getByText(`for delivery on ${longDate(laterDate)}`).waitFor();
      await offerLine.getByText(`${line.wasPrice.formattedValue} per case`).waitFor();
      // Live today, over by the later date: the date decides, and the line says so before checkout.
      await offerLine.getByText(`Cart test 10 % off ends ${longDate(firstDate).replace(/ \d{4}$/, '')}, before this delivery: it is not in this price.`).waitFor();
      assert.equal(await offerLine.getByText(/you save/).count(), 0, 'no saving on the later date');
      assert.equal(await summary.getByText('Offers save you').count(), 0);
    });
  }
});

describe('offers in listings', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`a buyer sees the offer on a card and the product page, then adds past a volume break (${name})`, async () => {
      await setCart(shop, SOLO, [{ code: tiered.code, quantity: 4 }]);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { at: `/search/${encodeURIComponent(offered.name)}/` });
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: offered.name, exact: true }) });
      const ends = `Offer ends ${longDate(firstDate).replace(/ \d{4}$/, '')}`;
      await card.getByText(`Cart test 10 % off: was ${offered.price?.formattedValue ?? ''}. ${ends}`).waitFor();
      await page.goto('/offers/');
      await page.getByRole('heading', { level: 1, name: 'Offers' }).waitFor();
      await page.getByRole('list', { name: 'Offers' }).getByRole('heading', { name: offered.name, exact: true }).waitFor();
      assert.equal(await page.getByRole('list', { name: 'Offers' }).getByRole('heading', { name: tiered.name, exact: true }).count(), 0, 'a volume break alone is no offer of the day');
      await page.goto('/');
      await page.getByRole('list', { name: 'Special offers' }).getByRole('heading', { name: offered.name, exact: true }).waitFor();
      await page.goto(`/product/${encodeURIComponent(offered.code)}/`);
      await page.getByText(`Cart test 10 % off: was ${offered.price?.formattedValue ?? ''}. ${ends}`).waitFor();
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');

      await page.goto(`/product/${encodeURIComponent(tiered.code)}/`);
      await page.getByText(`5+ cases: ${breakPrice} each`).waitFor();
      await page.goto('/cart/');
      await hydrated(page);
      const line = page.locator('li').filter({ hasText: tiered.name }).first();
      await line.getByText(`5+ cases: ${breakPrice} each — add 1 more`).waitFor();
      const quantity = line.getByRole('form', { name: `Quantity of ${tiered.name}` });
      await quantity.getByLabel('Quantity').fill('5');
      await quantity.getByRole('button', { name: 'Update' }).click();
      await line.getByText(`${breakPrice} per case`).waitFor();
      await line.getByText(`5+ cases: was ${tiered.price?.formattedValue ?? ''}`, { exact: false }).waitFor();
      await assertAccessible(page, `a line past a volume break (${name})`);
    });

    test(`search's "Special offers" are the products on offer today (${name})`, async () => {
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { at: `/search/${encodeURIComponent(offered.name)}/` });
      const summary = page.locator('summary', { hasText: 'Filters' });
      if (await summary.isVisible()) await summary.click();
      const special = page.getByRole('region', { name: 'Collection' }).getByRole('link', { name: /^Special offers/ });
      const counted = Number(/\((\d+)/.exec(await special.innerText())?.[1]);
      assert.ok(counted >= 1, 'the facet counts the product on offer');
      await special.click();
      await page.waitForURL(/collection=specialoffers/);
      await hydrated(page);
      await page.getByRole('article').filter({ has: page.getByRole('heading', { name: offered.name, exact: true }) }).waitFor();
      assert.equal(await page.getByRole('article').count(), Math.min(counted, 20), 'as many as the facet counted');
    });
  }
});
