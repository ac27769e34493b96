import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import { userToken } from './support/api';
import { operatorApiToken } from './support/orders-api';
import { sealedSignIn } from './support/session';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';

/**
 * An order placed with an offer says so afterwards (docs/pricing.md "Savings"): its detail page names the line's
 * offer with the price before it and the saving, the totals add the savings up, and the page on paper keeps both.
 */
const SOLO = { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' };
const CODE = `E2E-ORDER-${Date.now().toString(36).toUpperCase()}`;
const OFFER = 'Order test 10 % off';

const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

interface Money {
  formattedValue: string;
}
interface OrderJson {
  code: string;
  entries: { product: { code: string; name: string }; wasPrice?: Money; saving?: Money }[];
  totalSaving: Money;
}

let shop: Shop;
let order: OrderJson;

/** The buyer's API, for set-up: a path under the B2B base, scoped to SOLO's account. */
async function buyerCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const scope = `shipTo=${SOLO.shipTo}&salesOrg=${SOLO.salesOrg}`;
  const response = await fetch(`${shop.apiUrl}/occ/v2/b2b${path}${path.includes('?') ? '&' : '?'}${scope}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'idempotency-key': randomUUID(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

before(async () => {
  shop = await startShop();
  const token = await userToken(shop, SOLO.username);
  const search = await buyerCall<{ products: { code: string; minOrderQuantity?: number; discontinued?: boolean; stock?: { stockLevelStatus: string } }[] }>(token, 'GET', '/products/search?query=&pageSize=40');
  const [offered, plain] = search.products.filter((product) => (product.minOrderQuantity ?? 1) === 1 && product.discontinued !== true && product.stock?.stockLevelStatus !== 'outOfStock');
  assert.ok(offered && plain, 'two products to order');
  const { deliveryDates } = await buyerCall<{ deliveryDates: { date: string }[] }>(token, 'GET', '/users/current/deliverydates');
  const date = deliveryDates[0]?.date ?? '';
  const created = await fetch(`${shop.apiUrl}/admin/v1/promotions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await operatorApiToken(shop)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code: CODE, name: OFFER, kind: 'percentOff', value: 1000, minQuantity: 1, who: 'all', audience: [], what: 'products', targets: [offered.code], validFrom: londonToday(), validTo: date }),
  });
  assert.equal(created.status, 201, await created.text());
  await buyerCall(token, 'DELETE', '/users/current/carts/active').catch(() => undefined);
  await buyerCall(token, 'POST', '/users/current/carts');
  await buyerCall(token, 'POST', '/users/current/carts/active/entries', { product: { code: offered.code }, quantity: 3 });
  await buyerCall(token, 'POST', '/users/current/carts/active/entries', { product: { code: plain.code }, quantity: 1 });
  await buyerCall(token, 'PUT', '/users/current/carts/active', { requestedDeliveryDate: date });
  order = await buyerCall<OrderJson>(token, 'POST', '/users/current/orders?cartId=active');
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

describe('offers on a placed order', () => {
  test('the order detail shows each line’s offer and the total saved, on screen and in print, on a phone and a desktop', async () => {
    const line = order.entries.find((entry) => entry.wasPrice && entry.saving);
    assert.ok(line?.wasPrice && line.saving, 'the API priced one line with the offer');
    const plain = order.entries.find((entry) => entry !== line);
    assert.ok(plain);
    const offerText = `${OFFER}: was ${line.wasPrice.formattedValue}, you save ${line.saving.formattedValue}`;
    for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await shop.newPage({ viewport });
      await sealedSignIn(shop, page, SOLO.username);
      await page.goto(`/account/orders/${order.code}/`);
      const lines = page.getByRole('list', { name: 'Order lines' });
      // A line by its product code: two packs of one product share a name, and food marks are list items too.
      const lineOf = (code: string) => lines.locator(':scope > li').filter({ has: page.getByRole('definition').getByText(code, { exact: true }) });
      const offerLine = lineOf(line.product.code);
      const saving = page.getByRole('definition').filter({ hasText: order.totalSaving.formattedValue });
      for (const media of ['screen', 'print'] as const) {
        await page.emulateMedia({ media });
        await offerLine.getByText(offerText).waitFor();
        await page.getByRole('term').filter({ hasText: 'Offers save you' }).waitFor();
        await saving.waitFor();
        assert.equal(await lines.getByText(/you save/).count(), 1, `${name} ${media}: only the offer's line says a saving`);
        assert.equal(await lineOf(plain.product.code).getByText(/you save/).count(), 0, `${name} ${media}: the plain line says no saving`);
        // The order is settled: the offer's last day says nothing about its price any more.
        assert.equal(await offerLine.getByText(/Offer ends/).count(), 0, `${name} ${media}: no end date`);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} ${media}: no sideways scroll`);
      }
      // The print stylesheet is what the page printed with: it leaves the buttons out.
      assert.equal(await page.getByRole('button', { name: 'Print order' }).isVisible(), false, `${name}: print media applied`);
      await page.close();
    }
  });
});
