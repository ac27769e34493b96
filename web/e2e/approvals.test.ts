import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import { sealData } from 'iron-session';
import type { Page } from 'playwright-core';
import { sealedSignIn } from './support/session';
import { assertAccessible, orderableProducts, setCart, type ApiProduct } from './journey-support';
import { standingOrder } from './standing-support';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { apiCall, scrollsSideways, setApiClock, type Who } from './weekly-support';

/**
 * Spending limits and approvals in the storefront (docs/approvals.md), with the demo's people: buyer@example.com
 * orders for Harbour Café – Quayside with a limit of £150 per order; head@example.com approves for Harbour
 * Hospitality. Pages are signed into by sealing the session cookie.
 */
const SOLO: Who = { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' };
const OPERATOR = { email: 'admin@meadowvale.example', name: 'Alex Admin', role: 'admin' };
const BUYER: Who = { username: 'buyer@example.com', shipTo: '0000410002', salesOrg: 'DAIR' };
const HEAD: Who = { username: 'head@example.com', shipTo: '0000410002', salesOrg: 'DAIR' };
const LIMIT_PENCE = 15_000;

interface PricedProduct extends ApiProduct {
  price: { valuePence: number };
}

interface ApiOrder {
  code: string;
  status: string;
  deliveryDate: string;
  cutoff: string;
  totalPrice: { valuePence: number };
  approval: { reasons: unknown[]; decisions: { decision: string; comment: string | null }[] } | null;
}

let shop: Shop;
let product: PricedProduct;

before(async () => {
  shop = await startShop({ apiEnv: { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0' } });
  const products = (await orderableProducts(shop, BUYER, 40)) as PricedProduct[];
  const found = products.find((candidate) => candidate.minOrderQuantity === 1 && candidate.price.valuePence > 0);
  assert.ok(found, 'an orderable dairy product for Quayside');
  product = found;
});
afterEach(async () => {
  await setApiClock(shop, null);
  await shop.finishTest();
});
after(async () => shop?.close());

/** Cases of the test's product whose net total is just over the buyer's limit. */
const overLimit = () => Math.floor(LIMIT_PENCE / product.price.valuePence) + 1;

/** The buyer's cart holds `quantity` cases for the first open delivery date. */
async function buyerCart(quantity: number): Promise<void> {
  await setCart(shop, BUYER, [{ code: product.code, quantity }]);
  const { deliveryDates } = await apiCall<{ deliveryDates: { date: string }[] }>(shop, BUYER, 'GET', '/users/current/deliverydates');
  await apiCall(shop, BUYER, 'PUT', '/users/current/carts/active', { requestedDeliveryDate: deliveryDates[0]?.date });
}

/** An order over the buyer's limit, placed through the API: held for approval. */
async function heldOrder(): Promise<ApiOrder> {
  await buyerCart(overLimit());
  const order = await apiCall<ApiOrder>(shop, BUYER, 'POST', '/users/current/orders?cartId=active', undefined, { 'idempotency-key': randomUUID() });
  assert.equal(order.status, 'pendingApproval');
  return order;
}

const orderNow = (code: string) => apiCall<ApiOrder>(shop, BUYER, 'GET', `/users/current/orders/${code}`);

/** A page signed in as `who`, for their account, with the cookie choice made. */
async function signedInPage(who: Who, viewport: { width: number; height: number }): Promise<Page> {
  const page = await shop.newPage({ viewport });
  await sealedSignIn(shop, page, who.username, { account: who, consent: true });
  return page;
}

describe('held for approval', () => {
  for (const [label, viewport] of [['1280 px', DESKTOP], ['390 px', PHONE]] as const) {
    test(`at ${label}: a buyer over the limit sees "Needs approval" at checkout, then the order held with its reason`, async () => {
      await buyerCart(overLimit());
      const page = await signedInPage(BUYER, viewport);
      await page.goto('/cart/checkout/');
      const notice = page.getByRole('status').filter({ hasText: 'Needs approval' });
      await notice.waitFor();
      await notice.getByRole('list', { name: 'Why it needs approval' }).getByText('Over your order limit of £150.00', { exact: false }).waitFor();
      await notice.getByText(/It must be approved by the cut-off, \w+ \d{1,2} \w+ at \d\d:\d\d; otherwise it expires and is not delivered\./).waitFor();
      if (viewport === DESKTOP) await assertAccessible(page, 'checkout with the Needs approval notice');
      else assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
      await page.screenshot({ path: `/tmp/approvals-checkout-${viewport.width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('heading', { name: 'Your order needs approval' }).waitFor();
      const confirmation = page.getByRole('status').filter({ hasText: 'is waiting for approval' });
      const code = (await confirmation.innerText()).match(/Order (\S+) is waiting/)?.[1];
      assert.ok(code, 'the confirmation names the order');
      await confirmation.getByText('Waiting for Helen Marsh', { exact: true }).waitFor();
      await confirmation.getByText(/It must be approved by \w+ \d{1,2} \w+ at \d\d:\d\d; otherwise it expires and is not delivered\./).waitFor();
      await confirmation.getByRole('list', { name: 'Why it needs approval' }).getByText('Over your order limit of £150.00', { exact: false }).waitFor();
      await page.screenshot({ path: `/tmp/approvals-confirmation-${viewport.width}.png`, fullPage: true });
      assert.equal((await orderNow(code)).status, 'pendingApproval');

      await page.goto(`/account/orders/${code}/`);
      const panel = page.getByRole('region', { name: 'Needs approval' });
      await panel.getByRole('list', { name: 'Why it needs approval' }).getByText('Over your order limit of £150.00', { exact: false }).waitFor();
      await panel.getByText('Waiting for Helen Marsh', { exact: true }).waitFor();
      await panel.getByText('otherwise it expires and is not delivered', { exact: false }).waitFor();
      await panel.getByText('Approval closes in', { exact: false }).waitFor();
      await page.locator('main dl').getByText('Waiting for approval', { exact: true }).waitFor();
      await page.screenshot({ path: `/tmp/approvals-held-order-${viewport.width}.png`, fullPage: true });

      await page.goto('/account/orders/');
      const entry = page.getByRole('article').filter({ hasText: code });
      await entry.getByText('Waiting for approval', { exact: true }).waitFor();
      await entry.getByText('Over your order limit of £150.00', { exact: false }).waitFor();
    });
  }

  test('an order within the limit shows no notice and is placed', async () => {
    await buyerCart(Math.max(1, overLimit() - 2));
    const page = await signedInPage(BUYER, DESKTOP);
    await page.goto('/cart/checkout/');
    await page.getByRole('button', { name: 'Place order' }).waitFor();
    assert.equal(await page.getByText('Needs approval').count(), 0);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: 'Thank you: your order is placed' }).waitFor();
  });
});

describe('changing an order over the limit', () => {
  for (const [label, viewport] of [['1280 px', DESKTOP], ['390 px', PHONE]] as const) {
    test(`at ${label}: Edit order says before saving that the change needs a new approval, who decides, by when and what if nobody does`, async () => {
      await buyerCart(overLimit() - 1);
      const placed = await apiCall<ApiOrder>(shop, BUYER, 'POST', '/users/current/orders?cartId=active', undefined, { 'idempotency-key': randomUUID() });
      assert.equal(placed.status, 'placed');
      const page = await signedInPage(BUYER, viewport);
      await page.goto(`/account/orders/${placed.code}/edit/`);
      await page.getByRole('heading', { name: `Edit order ${placed.code}` }).waitFor();
      await page.getByRole('button', { name: /^One more / }).first().click();
      await page.getByRole('button', { name: 'Save changes' }).click();

      const notice = page.getByRole('alert').filter({ hasText: 'This change needs a new approval' });
      await notice.waitFor();
      await notice.getByText('Who decides: ', { exact: false }).filter({ hasText: 'Helen Marsh' }).waitFor();
      await notice.getByText('By when: ', { exact: false }).filter({ hasText: 'the cut-off for this delivery' }).waitFor();
      await notice.getByText('If nobody decides by the cut-off, the order expires and is not delivered.', { exact: false }).waitFor();
      // Nothing is saved until the buyer confirms.
      assert.equal((await orderNow(placed.code)).status, 'placed');
      if (viewport === DESKTOP) await assertAccessible(page, 'the edit order page with the new approval notice');
      else assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/approvals-amend-notice-${viewport.width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Save and ask for approval' }).click();
      await page.getByText('Changes saved. The order waits for approval', { exact: false }).waitFor();
      assert.equal((await orderNow(placed.code)).status, 'pendingApproval');
    });
  }
});

describe('deciding', () => {
  test('the approver approves on a phone: the e-mail link shows the order first with its lines and the limit it passes', async () => {
    const order = await heldOrder();
    const page = await signedInPage(HEAD, PHONE);
    await page.goto(`/account/approvals/?order=${order.code}`);
    const card = page.getByRole('article').filter({ hasText: `Order ${order.code}` });
    await card.getByText('Over the order limit of £150.00 for Ben Carter', { exact: false }).waitFor();
    await card.getByRole('list', { name: `Lines of order ${order.code}` }).getByText(product.name).waitFor();
    await card.getByText('Approval closes in', { exact: false }).waitFor();
    assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
    await page.screenshot({ path: '/tmp/approvals-queue-390.png', fullPage: true });

    await card.getByRole('button', { name: `Approve order ${order.code}` }).click();
    await page.getByRole('status').filter({ hasText: `Order ${order.code} approved` }).waitFor();
    assert.equal((await orderNow(order.code)).status, 'placed');
    await page.screenshot({ path: '/tmp/approvals-approved-390.png', fullPage: true });

    const buyer = await signedInPage(BUYER, DESKTOP);
    await buyer.goto(`/account/orders/${order.code}/`);
    await buyer.getByRole('region', { name: 'Approval' }).getByText('Approved by', { exact: false }).waitFor();
  });

  test('a rejection needs a comment, and the comment reaches the buyer', async () => {
    const order = await heldOrder();
    const page = await signedInPage(HEAD, DESKTOP);
    await page.goto('/account/approvals/');
    const card = page.getByRole('article').filter({ hasText: `Order ${order.code}` });
    await card.getByRole('button', { name: `Reject order ${order.code}` }).click();
    await card.getByText('Say why you reject this order', { exact: false }).waitFor();
    await assertAccessible(page, 'the approvals queue with a comment missing');
    await card.getByLabel('Comment (needed to reject)').fill('Too much brie for one week: order half.');
    await card.getByRole('button', { name: `Reject order ${order.code}` }).click();
    await page.getByRole('status').filter({ hasText: `Order ${order.code} rejected` }).waitFor();
    const rejected = await orderNow(order.code);
    assert.equal(rejected.status, 'rejected');
    assert.equal(rejected.approval?.decisions.at(-1)?.comment, 'Too much brie for one week: order half.');

    const buyer = await signedInPage(BUYER, PHONE);
    await buyer.goto(`/account/orders/${order.code}/`);
    const panel = buyer.getByRole('region', { name: 'Rejected' });
    await panel.getByText('Too much brie for one week: order half.').waitFor();
    await panel.getByText('Rejected by', { exact: false }).waitFor();
    await buyer.screenshot({ path: '/tmp/approvals-rejected-390.png', fullPage: true });
    await buyer.goto('/account/orders/');
    const entry = buyer.getByRole('article').filter({ hasText: order.code });
    await entry.getByText('Rejected', { exact: true }).waitFor();
    await entry.getByText('Too much brie for one week: order half.', { exact: false }).waitFor();
  });

  for (const [label, viewport] of [['1280 px', DESKTOP], ['390 px', PHONE]] as const) {
    test(`at ${label}: an approver sees how many orders wait in the menu and on Home; approval requests are offered to approvers only`, async () => {
      const order = await heldOrder();
      const { waiting } = await apiCall<{ waiting: number }>(shop, HEAD, 'GET', '/users/current/orderapprovals/summary');
      assert.ok(waiting >= 1);
      const page = await signedInPage(HEAD, viewport);
      await page.goto('/');
      const notice = page.getByRole('region', { name: waiting === 1 ? '1 order waits for your approval' : `${waiting} orders wait for your approval` });
      await notice.getByText(/Decide (it|the first) by \w+ \d{1,2} \w+ at \d\d:\d\d/).waitFor();
      if (viewport === DESKTOP) {
        await page.getByRole('button', { name: 'My account' }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Approvals (${waiting})` }).waitFor();
        await assertAccessible(page, 'Home with approvals waiting');
      } else {
        assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
        await page.screenshot({ path: `/tmp/approvals-waiting-${viewport.width}.png`, fullPage: true });
        await page.getByRole('button', { name: 'Menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await menu.getByRole('button', { name: 'My account' }).click();
        await menu.getByRole('link', { name: `Approvals (${waiting})` }).waitFor();
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
      }
      if (viewport === DESKTOP) await page.screenshot({ path: `/tmp/approvals-waiting-${viewport.width}.png`, fullPage: true });
      await notice.getByRole('link', { name: 'Open approvals' }).click();
      await page.getByRole('article').filter({ hasText: `Order ${order.code}` }).waitFor();

      await page.goto('/account/notifications/');
      await page.getByRole('checkbox', { name: 'Approval requests' }).waitFor();
      const buyer = await signedInPage(BUYER, viewport);
      await buyer.goto('/account/notifications/');
      await buyer.getByRole('checkbox', { name: 'Order confirmations' }).waitFor();
      assert.equal(await buyer.getByRole('checkbox', { name: 'Approval requests' }).count(), 0, 'a buyer who decides nothing is not offered approval requests');
      await buyer.getByText('the news that an order was rejected or expired without approval', { exact: false }).waitFor();
    });
  }

  test('a buyer cannot decide on their own order: it is not in their queue', async () => {
    const order = await heldOrder();
    const page = await signedInPage(BUYER, DESKTOP);
    await page.goto(`/account/approvals/?order=${order.code}`);
    await page.getByText(`Order ${order.code} is not waiting for your approval`, { exact: false }).waitFor();
    assert.equal(await page.getByRole('button', { name: `Approve order ${order.code}` }).count(), 0);
  });
});

describe('standing orders', () => {
  test('a standing order over the limit waits in the approver\'s queue, who approves it on a phone', async () => {
    const made = await standingOrder(shop, BUYER, 'Weekend milk', [{ code: product.code, quantity: overLimit() }], [2]);
    const buyer = await signedInPage(BUYER, DESKTOP);
    await buyer.goto(`/account/standing-orders/${made.code}/`);
    await buyer.getByText('Needs approval: this standing order is over a spending limit', { exact: false }).waitFor();

    const page = await signedInPage(HEAD, PHONE);
    await page.goto('/account/approvals/');
    const card = page.getByRole('list', { name: 'Standing orders waiting for approval' }).getByRole('article').filter({ hasText: made.code });
    await card.getByText('Every Tuesday', { exact: false }).waitFor();
    await card.getByRole('list', { name: `Lines of standing order ${made.code}` }).getByText(product.name).waitFor();
    assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
    await card.getByRole('button', { name: `Approve standing order ${made.code}` }).click();
    await page.getByRole('status').filter({ hasText: `Standing order ${made.code} approved` }).waitFor();
    const approved = await apiCall<{ approval?: { status: string } }>(shop, BUYER, 'GET', `/users/current/standingorders/${made.code}`);
    assert.equal(approved.approval?.status, 'approved');
    await buyer.reload();
    await buyer.getByText('A delivery more than 10 % over that is not placed', { exact: false }).waitFor();
  });
});

describe('expired at the cut-off', () => {
  test('"Choose another date" sends an expired order for approval again', async () => {
    const order = await heldOrder();
    const afterCutoff = new Date(new Date(order.cutoff).getTime() + 60_000);
    await setApiClock(shop, afterCutoff);
    const run = await fetch(`${shop.apiUrl}/test/standing-orders/run`, { method: 'POST' });
    assert.equal(run.status, 200, await run.text());
    assert.equal((await orderNow(order.code)).status, 'expired');

    const page = await signedInPage(BUYER, PHONE);
    await page.clock.install({ time: afterCutoff });
    await page.goto(`/account/orders/${order.code}/`);
    const panel = page.getByRole('region', { name: 'Expired' });
    await panel.getByRole('heading', { name: 'Choose another date' }).waitFor();
    assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
    await page.screenshot({ path: '/tmp/approvals-expired-390.png', fullPage: true });
    await panel.getByLabel('Delivery date').selectOption({ index: 0 });
    await panel.getByRole('button', { name: 'Send for approval' }).click();
    const held = page.getByRole('region', { name: 'Needs approval' });
    await held.getByText('Sent for approval again for another date', { exact: false }).waitFor();
    await held.getByText('Expired at the cut-off', { exact: false }).waitFor();
    const again = await orderNow(order.code);
    assert.equal(again.status, 'pendingApproval');
    assert.notEqual(again.deliveryDate, order.deliveryDate);
    await page.screenshot({ path: '/tmp/approvals-resubmitted-390.png', fullPage: true });
  });
});

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

describe('the back office', () => {
  test('an order no one at its company can decide waits at /admin/approvals/, where an operator approves it', async () => {
    const { token, expiresIn } = await operatorToken();
    // The Corner Deli's company has no approver or admin: its held orders fall to operators.
    const limit = await asOperator<{ code: string }>(token, 'POST', '/approvalpermissions', { type: 'orderThreshold', threshold: 100, shipTo: SOLO.shipTo });
    await setCart(shop, SOLO, [{ code: product.code, quantity: 2 }]);
    const { deliveryDates } = await apiCall<{ deliveryDates: { date: string }[] }>(shop, SOLO, 'GET', '/users/current/deliverydates');
    await apiCall(shop, SOLO, 'PUT', '/users/current/carts/active', { requestedDeliveryDate: deliveryDates[0]?.date });
    const order = await apiCall<ApiOrder>(shop, SOLO, 'POST', '/users/current/orders?cartId=active', undefined, { 'idempotency-key': randomUUID() });
    assert.equal(order.status, 'pendingApproval');

    const session = { kind: 'operator', token, expiresAt: Math.floor(Date.now() / 1000) + expiresIn, operator: OPERATOR };
    const value = await sealData(session, { password: shop.secrets.sessionSecret, ttl: 8 * 3600 });
    const page = await shop.newPage({ viewport: DESKTOP });
    await page.context().addCookies([{ name: 'mv_admin', value, domain: '127.0.0.1', path: '/admin', httpOnly: true, sameSite: 'Lax' }]);
    await page.goto('/admin/approvals/');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Approvals' }).waitFor();
    const card = page.getByRole('article').filter({ hasText: `Order ${order.code}` });
    await card.getByText('Over the order limit of £1.00 for this ship-to', { exact: false }).waitFor();
    await assertAccessible(page, 'the back office approvals');
    await page.screenshot({ path: '/tmp/approvals-admin-1280.png', fullPage: true });
    await card.getByRole('button', { name: `Approve order ${order.code}` }).click();
    await page.getByRole('status').filter({ hasText: `Order ${order.code} approved` }).waitFor();
    assert.equal((await apiCall<ApiOrder>(shop, SOLO, 'GET', `/users/current/orders/${order.code}`)).status, 'placed');
    await asOperator(token, 'DELETE', `/approvalpermissions/${limit.code}`);
  });
});

describe('spending limits', () => {
  test('a company admin adds a weekly limit for a ship-to, changes it and deletes it', async () => {
    const page = await signedInPage(HEAD, PHONE);
    await page.goto('/account/company/limits/');
    const form = page.getByRole('form', { name: 'Add a limit' });
    await form.getByLabel('For').selectOption('shipTo:0000410003');
    await form.getByLabel('Limit').selectOption('WEEK');
    await form.getByLabel('Amount in pounds, net of VAT').fill('12.345');
    await form.getByRole('button', { name: 'Add limit' }).click();
    await form.getByText('Enter an amount in pounds, for example 150, 150.00 or 1,000').waitFor();
    assert.equal(await form.getByLabel('Amount in pounds, net of VAT').inputValue(), '12.345', 'what was typed stays');
    // Commas belong between groups of three digits only.
    await form.getByLabel('Amount in pounds, net of VAT').fill('1,00');
    await form.getByRole('button', { name: 'Add limit' }).click();
    await form.getByText('Enter an amount in pounds, for example 150, 150.00 or 1,000').waitFor();
    assert.equal(await form.getByLabel('Amount in pounds, net of VAT').inputValue(), '1,00', 'what was typed stays');
    await form.getByLabel('Amount in pounds, net of VAT').fill('£1,000');
    await form.getByRole('button', { name: 'Add limit' }).click();
    await form.getByText('Limit of £1,000.00 a week added.').waitFor();
    const card = page.getByRole('article').filter({ hasText: '£1,000.00 a week' });
    await card.getByText('Harbour Café – Old Town (0000410003)', { exact: true }).waitFor();
    assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
    await page.screenshot({ path: '/tmp/approvals-limits-390.png', fullPage: true });

    await card.locator('summary').click();
    await card.getByLabel('Amount in pounds, net of VAT').fill('1,650.50');
    await card.getByRole('button', { name: 'Save limit' }).click();
    const changed = page.getByRole('article').filter({ hasText: '£1,650.50 a week' });
    await changed.waitFor();
    await changed.getByRole('button', { name: /^Delete/ }).click();
    await changed.getByRole('button', { name: 'Yes, delete limit' }).click();
    await changed.waitFor({ state: 'detached' });
  });
});

describe("head office's order history", () => {
  for (const [label, viewport] of [['1280 px', DESKTOP], ['390 px', PHONE]] as const) {
    test(`at ${label}: head office sees buyer@'s orders with who ordered them, filters them by keyboard, and follows a week limit's spend to the orders it counts`, async () => {
      // A week limit of a penny at Quayside: the buyer's next order is held by it.
      const limit = await apiCall<{ code: string }>(shop, HEAD, 'POST', '/users/current/orderApprovalPermissions', { type: 'periodThreshold', threshold: 1, periodRange: 'WEEK', shipTo: BUYER.shipTo });
      try {
        await buyerCart(1);
        const order = await apiCall<ApiOrder>(shop, BUYER, 'POST', '/users/current/orders?cartId=active', undefined, { 'idempotency-key': randomUUID() });
        assert.equal(order.status, 'pendingApproval');
        const page = await signedInPage(HEAD, viewport);
        await page.goto('/account/orders/');
        const card = page.getByRole('article', { name: `Order ${order.code}` });
        await card.getByText('Ben Carter', { exact: true }).waitFor();
        await card.getByText('Harbour Café – Quayside', { exact: true }).waitFor();

        const filters = page.getByRole('form', { name: 'Filter orders' });
        await filters.getByLabel('Ordered by').focus();
        await filters.getByLabel('Ordered by').selectOption('buyer@example.com');
        await filters.getByLabel('Status').selectOption('pendingApproval');
        await filters.getByRole('button', { name: 'Filter' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(/buyer=buyer%40example.com&status=pendingApproval/);
        await card.waitFor();
        const cards = page.getByRole('list', { name: 'Orders' }).getByRole('article');
        for (const text of await cards.allInnerTexts()) {
          assert.match(text, /Ordered by\s+Ben Carter/);
          assert.match(text, /Waiting for approval/);
        }
        assert.equal(await filters.getByLabel('Ordered by').inputValue(), 'buyer@example.com', 'the filters chosen stay');

        if (viewport === PHONE) {
          assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
          // Every card lays its facts out alike: each label at the same place within its card.
          const places = await cards.evaluateAll((articles) =>
            articles.map((article) => {
              const left = article.getBoundingClientRect().left;
              return [...article.querySelectorAll('dt')].map((dt) => `${dt.textContent}@${Math.round(dt.getBoundingClientRect().left - left)}`).join(' ');
            }),
          );
          assert.ok(places.length >= 1);
          assert.equal(new Set(places).size, 1, places.join('\n'));
        } else {
          await assertAccessible(page, 'order history with filters');
        }
        await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/orders-company-${viewport.width}.png`, fullPage: true });

        // A date range that matches nothing is said, and what was typed stays.
        await filters.getByLabel('Delivery from').fill('2030-01-10');
        await filters.getByLabel('Delivery to').fill('2030-01-01');
        await filters.getByRole('button', { name: 'Filter' }).click();
        await filters.getByText('"Delivery to" must be on or after "Delivery from"').waitFor();
        assert.equal(await filters.getByLabel('Delivery from').inputValue(), '2030-01-10');
        assert.equal(await filters.getByLabel('Ordered by').inputValue(), 'buyer@example.com');

        // The approval shows the week's spend; its link lists exactly the orders counted.
        await page.goto(`/account/approvals/?order=${encodeURIComponent(order.code)}`);
        const spend = page.getByRole('article').filter({ hasText: `Order ${order.code}` }).first().locator('[data-spend="WEEK"]');
        const spendText = await spend.innerText();
        const [, amount, count] = spendText.match(/^(£[\d,.]+) (?:this week|in the week of .+): (?:these (\d+) orders|this (?:1) order)$/) ?? [];
        assert.ok(amount, spendText);
        await spend.getByRole('link').click();
        await page.waitForURL(/heldOrder=/);
        const summary = page.getByText(/counted against the week’s spending limit/);
        assert.match(await summary.innerText(), new RegExp(`^${amount.replace(/[.$]/g, '\\$&')} `));
        await page.getByRole('article', { name: `Order ${order.code}` }).waitFor();
        assert.equal(await page.getByRole('list', { name: 'Orders' }).getByRole('article').count(), Number(count ?? 1));
        if (viewport === DESKTOP) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/orders-spend-${viewport.width}.png`, fullPage: true });

        await page.goto('/account/company/limits/');
        await page.getByRole('article').filter({ hasText: limit.code }).locator('[data-spend="WEEK"]').getByText(/this week/).waitFor();
      } finally {
        await apiCall(shop, HEAD, 'DELETE', `/users/current/orderApprovalPermissions/${limit.code}`);
      }
    });
  }
});
