import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { sealData } from 'iron-session';
import type { Page } from 'playwright-core';
import { sealedSignIn } from './support/session';
import { assertAccessible, orderableProducts, setCart, type ApiProduct } from './journey-support';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { apiCall, scrollsSideways, type Who } from './weekly-support';

/**
 * Credit control in the storefront and the back office (docs/credit-control.md): the Corner Deli's company
 * (Northern Fresh Trading, sold-to 0000100002) is put on hold through the ERP's credit feed; Sam Okafor's order
 * waits for credit and checkout says why; an operator releases it at /admin/credit-holds/; Sam sees it placed.
 */
const SOLO: Who = { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' };
const SOLD_TO = '0000100002';
const OPERATOR = { email: 'admin@meadowvale.example', name: 'Alex Admin', role: 'admin' };
const REASON = 'Invoice 4471 is 60 days overdue';

let shop: Shop;
let product: ApiProduct;

before(async () => {
  shop = await startShop();
  const products = await orderableProducts(shop, SOLO, 20);
  const found = products.find((candidate) => candidate.minOrderQuantity === 1);
  assert.ok(found, 'an orderable dairy product for the Corner Deli');
  product = found;
});
afterEach(async () => {
  const { token } = await operatorToken();
  await asOperator(token, 'PUT', `/customers/${SOLD_TO}/credit`, { limit: 2_000_000_000, onHold: false, reason: null });
  await shop.finishTest();
});
after(async () => shop?.close());

/** The demo operator's token, straight from the back office's token endpoint (test set-up). */
async function operatorToken(): Promise<{ token: string; expiresIn: number }> {
  const response = await fetch(`${shop.apiUrl}/admin/v1/auth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: OPERATOR.email, password: 'Meadowvale-demo-1' }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  const body = (await response.json()) as { access_token: string; expires_in: number };
  return { token: body.access_token, expiresIn: body.expires_in };
}

async function asOperator<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${shop.apiUrl}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** A page of the back office, signed in by sealing the operator's session cookie. */
async function operatorPage(viewport: { width: number; height: number }): Promise<Page> {
  const { token, expiresIn } = await operatorToken();
  const session = { kind: 'operator', token, expiresAt: Math.floor(Date.now() / 1000) + expiresIn, operator: OPERATOR };
  const value = await sealData(session, { password: shop.secrets.sessionSecret, ttl: 8 * 3600 });
  const page = await shop.newPage({ viewport });
  await page.context().addCookies([{ name: 'mv_admin', value, domain: '127.0.0.1', path: '/admin', httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

describe('an order held for credit', () => {
  for (const [label, viewport] of [['1280 px', DESKTOP], ['390 px', PHONE]] as const) {
    test(`at ${label}: checkout says the account is on hold, an operator releases the order, and the buyer sees it placed`, async () => {
      const { token } = await operatorToken();
      await asOperator(token, 'PUT', `/customers/${SOLD_TO}/credit`, { limit: 2_000_000_000, onHold: true, reason: REASON });
      await setCart(shop, SOLO, [{ code: product.code, quantity: 2 }]);
      const { deliveryDates } = await apiCall<{ deliveryDates: { date: string }[] }>(shop, SOLO, 'GET', '/users/current/deliverydates');
      await apiCall(shop, SOLO, 'PUT', '/users/current/carts/active', { requestedDeliveryDate: deliveryDates[0]?.date });

      const buyer = await shop.newPage({ viewport });
      await sealedSignIn(shop, buyer, SOLO.username, { account: SOLO, consent: true });
      await buyer.goto('/cart/checkout/');
      const warned = buyer.getByRole('status').filter({ hasText: 'Needs our credit team' });
      await warned.getByText(`Your account is on hold: ${REASON}. Once placed, your order waits for our credit team before it goes to the warehouse.`, { exact: true }).waitFor();
      await buyer.getByRole('button', { name: 'Place order' }).click();
      await buyer.getByRole('heading', { name: 'Your order is waiting for our credit team' }).waitFor();
      const notice = buyer.getByRole('status').filter({ hasText: 'Your account is on hold' });
      await notice.getByText(`Your account is on hold: ${REASON}. Your order is waiting for our credit team.`, { exact: true }).waitFor();
      await notice.getByText(/It goes to the warehouse once our credit team releases it\. If it is not released by the cut-off \(.+\), it expires and is not delivered\./).waitFor();
      const code = (await buyer.getByText(/^MV-\d+$/).first().innerText()).trim();
      if (viewport === DESKTOP) await assertAccessible(buyer, 'the confirmation of an order waiting for credit');
      else assert.equal(await scrollsSideways(buyer), false, 'no sideways scrolling on a phone');
      await buyer.screenshot({ path: `/tmp/credit-confirmation-${viewport.width}.png`, fullPage: true });
      assert.equal((await apiCall<{ status: string }>(shop, SOLO, 'GET', `/users/current/orders/${code}`)).status, 'awaitingCredit');

      await buyer.goto(`/account/orders/${code}/`);
      const panel = buyer.getByRole('region', { name: 'Waiting for credit' });
      await panel.getByText(`Your account is on hold: ${REASON}. Your order is waiting for our credit team.`, { exact: true }).waitFor();
      await buyer.locator('main dl').getByText('Waiting for credit', { exact: true }).waitFor();
      await panel.getByText('Release closes in', { exact: false }).waitFor();
      await buyer.screenshot({ path: `/tmp/credit-waiting-order-${viewport.width}.png`, fullPage: true });

      const operator = await operatorPage(viewport);
      await operator.goto('/admin/credit-holds/');
      const card = operator.getByRole('article').filter({ hasText: `Order ${code}` });
      await card.getByText('Account on hold', { exact: true }).waitFor();
      await card.getByText(`The account is on hold: ${REASON}.`, { exact: true }).waitFor();
      if (viewport === DESKTOP) await assertAccessible(operator, 'the credit holds');
      else assert.equal(await scrollsSideways(operator), false, 'no sideways scrolling on a phone');
      await operator.screenshot({ path: `/tmp/credit-holds-admin-${viewport.width}.png`, fullPage: true });
      await card.getByRole('button', { name: `Release order ${code}` }).click();
      await operator.getByRole('status').filter({ hasText: `Order ${code} released: it is placed and goes to the warehouse.` }).waitFor();
      assert.equal(await operator.getByRole('article').filter({ hasText: `Order ${code}` }).count(), 0);

      await buyer.goto(`/account/orders/${code}/`);
      await buyer.locator('main dl [data-status="placed"]').waitFor();
      assert.equal(await buyer.getByRole('region', { name: 'Waiting for credit' }).count(), 0);
      await buyer.screenshot({ path: `/tmp/credit-released-order-${viewport.width}.png`, fullPage: true });
      assert.equal((await apiCall<{ status: string }>(shop, SOLO, 'GET', `/users/current/orders/${code}`)).status, 'placed');
    });
  }
});

describe('available credit on the invoices page', () => {
  for (const [label, viewport] of [['1280 px', DESKTOP], ['390 px', PHONE]] as const) {
    test(`at ${label}: the demo's Dales Tearooms sees its credit limit, what it owes and the £150.00 still available`, async () => {
      const tearoom: Who = { username: 'tearoom@example.com', shipTo: '0000410006', salesOrg: 'DAIR' };
      const page = await shop.newPage({ viewport });
      await sealedSignIn(shop, page, tearoom.username, { account: tearoom, consent: true });
      await page.goto('/account/invoices/');
      const balance = page.getByRole('list', { name: 'Balance per company' }).getByRole('listitem').filter({ hasText: 'Dales Tearooms Ltd' });
      const facts = balance.locator('dl');
      await facts.getByText('£5,000.00', { exact: true }).waitFor();
      assert.deepEqual(await facts.locator('dt').allInnerTexts(), ['Credit limit', 'Owed and on order', 'Available credit']);
      assert.deepEqual(await facts.locator('dd').allInnerTexts(), ['£5,000.00', '£4,850.00', '£150.00']);
      if (viewport === DESKTOP) await assertAccessible(page, 'the invoices page with available credit');
      else assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
      await page.screenshot({ path: `/tmp/credit-invoices-${viewport.width}.png`, fullPage: true });
    });
  }
});

describe('checkout before an order over the credit limit', () => {
  test('the Dales Tearooms are told before Place order that the order would wait for the credit team, with what is available', async () => {
    const tearoom: Who = { username: 'tearoom@example.com', shipTo: '0000410006', salesOrg: 'DAIR' };
    const [dairy] = (await orderableProducts(shop, tearoom, 20)).filter((candidate) => candidate.minOrderQuantity === 1);
    assert.ok(dairy, 'an orderable dairy product for the Dales Tearooms');
    await setCart(shop, tearoom, [{ code: dairy.code, quantity: 99 }]);
    const cart = await apiCall<{ totalPriceWithTax: { valuePence: number; formattedValue: string } }>(shop, tearoom, 'GET', '/users/current/carts/active');
    assert.ok(cart.totalPriceWithTax.valuePence > 15_000, 'the cart is over the £150.00 the demo leaves available');

    const page = await shop.newPage({ viewport: PHONE });
    await sealedSignIn(shop, page, tearoom.username, { account: tearoom, consent: true });
    await page.goto('/cart/checkout/');
    const warned = page.getByRole('status').filter({ hasText: 'Needs our credit team' });
    const text = `This order (${cart.totalPriceWithTax.formattedValue}) would take your account over its credit limit: £150.00 is available. Once placed, your order waits for our credit team before it goes to the warehouse.`;
    await warned.getByText(text, { exact: true }).waitFor();
    assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
    await page.screenshot({ path: '/tmp/credit-checkout-warning-390.png', fullPage: true });
    await setCart(shop, tearoom, []);
  });
});
