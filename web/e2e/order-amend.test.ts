import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, orderableProducts, signedIn, SOLO, type ApiProduct } from './journey-support';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { apiCall, scrollsSideways, setApiClock } from './weekly-support';

/**
 * Solo's dairy comes on Tuesdays; the order for Tuesday 8 December 2026 can change until Monday 7 December,
 * 14:00 London (GMT). The API's clock and the page's clock are set to the same moment before it.
 */
const BEFORE_CUTOFF = new Date('2026-12-04T09:00:00Z');
const AFTER_CUTOFF = new Date('2026-12-07T14:01:00Z');
const DELIVERY = '2026-12-08';

interface ApiOrder {
  code: string;
  status: string;
  purchaseOrderNumber: string | null;
  entries: { quantity: number; product: { code: string; name: string } }[];
  totalPriceWithTax: { formattedValue: string };
}

let shop: Shop;
let products: (ApiProduct & { name: string })[];

before(async () => {
  shop = await startShop({ apiEnv: { TEST_CLOCK_CONTROL: 'true' } });
  const orderable = (await orderableProducts(shop, SOLO, 40)) as (ApiProduct & { name: string })[];
  // Distinct names, so each line's controls are named apart.
  products = orderable.filter((product, index, all) => product.minOrderQuantity === 1 && all.findIndex((other) => other.name === product.name) === index);
  assert.ok(products.length >= 3);
});
afterEach(async () => {
  await setApiClock(shop, null);
  await shop.finishTest();
});
after(async () => shop?.close());

/** An order for Tuesday 8 December placed through the API with the API's clock at BEFORE_CUTOFF. */
async function placeTuesdayOrder(quantities: number[], purchaseOrderNumber = 'PO-OLD'): Promise<ApiOrder> {
  await setApiClock(shop, BEFORE_CUTOFF);
  await apiCall(shop, SOLO, 'DELETE', '/users/current/carts/active').catch(() => undefined);
  await apiCall(shop, SOLO, 'POST', '/users/current/carts');
  for (const [index, quantity] of quantities.entries()) {
    await apiCall(shop, SOLO, 'POST', '/users/current/carts/active/entries', { product: { code: products[index]?.code }, quantity });
  }
  await apiCall(shop, SOLO, 'PUT', '/users/current/carts/active', { requestedDeliveryDate: DELIVERY, purchaseOrderNumber });
  return apiCall<ApiOrder>(shop, SOLO, 'POST', '/users/current/orders?cartId=active', undefined, { 'idempotency-key': randomUUID() });
}

const orderNow = (code: string) => apiCall<ApiOrder>(shop, SOLO, 'GET', `/users/current/orders/${code}`);

async function shopperAt(viewport: { width: number; height: number }, allowConsoleErrors: RegExp[] = []): Promise<Page> {
  const page = await shop.newPage({ viewport, allowConsoleErrors });
  await page.clock.install({ time: BEFORE_CUTOFF });
  await signedIn(shop, page, SOLO.username);
  return page;
}

describe('changing an order until its cut-off', () => {
  for (const [label, viewport] of [['1280 px', DESKTOP], ['390 px', PHONE]] as const) {
    test(`at ${label}: Edit order shows the time left, the quantity and PO are changed and saved, the totals come back from the server`, async () => {
      const order = await placeTuesdayOrder([2, 1]);
      const page = await shopperAt(viewport);
      await page.goto(`/account/orders/${order.code}/`);
      const panel = page.getByRole('region', { name: 'Change this order' });
      await panel.getByText('Changes close in 3 d 5 h, at the cut-off for delivery on Tue 8 Dec').waitFor();
      await panel.getByRole('link', { name: 'Edit order' }).click();
      await page.waitForURL(`**/account/orders/${order.code}/edit/`);
      await page.getByRole('heading', { name: `Edit order ${order.code}` }).waitFor();

      const first = products[0] as ApiProduct & { name: string };
      const second = products[1] as ApiProduct & { name: string };
      await page.getByRole('button', { name: `One more ${first.name}` }).click();
      await page.getByRole('button', { name: `One more ${first.name}` }).click();
      await page.getByLabel(`Quantity of ${second.name}`).fill('5');
      await page.getByLabel('Purchase order number').fill('PO-NEW-7');
      await page.getByText('You have changes not saved yet').waitFor();
      if (viewport === DESKTOP) await assertAccessible(page, 'the edit order page');
      else assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
      await page.screenshot({ path: `/tmp/order-edit-${viewport.width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Changes saved. The totals are worked out again at today’s prices.').waitFor();
      const saved = await orderNow(order.code);
      assert.deepEqual(saved.entries.map((entry) => entry.quantity), [4, 5]);
      assert.equal(saved.purchaseOrderNumber, 'PO-NEW-7');
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      assert.equal(await summary.locator('dd').last().innerText(), saved.totalPriceWithTax.formattedValue, 'Total to pay as the API worked it out');
      assert.notEqual(saved.totalPriceWithTax.formattedValue, order.totalPriceWithTax.formattedValue);

      await page.getByRole('link', { name: `Back to order ${order.code}` }).click();
      await page.getByRole('heading', { name: `Order ${order.code}` }).waitFor();
      await page.getByText('PO-NEW-7').waitFor();
    });
  }

  test('removes a line and adds one by its product code', async () => {
    const order = await placeTuesdayOrder([2, 1]);
    const page = await shopperAt(DESKTOP);
    await page.goto(`/account/orders/${order.code}/edit/`);
    const second = products[1] as ApiProduct & { name: string };
    const third = products[2] as ApiProduct & { name: string };
    await page.getByRole('button', { name: `Remove ${second.name}` }).click();
    await page.getByLabel('Add a product by code').fill(third.code);
    await page.getByLabel('Add a product by code').press('Enter');
    await page.getByText(`Added ${third.name}`).waitFor();
    await page.getByLabel('Add a product by code').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('No product has the code NO-SUCH-CODE').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved.', { exact: false }).waitFor();
    const saved = await orderNow(order.code);
    assert.deepEqual(saved.entries.map((entry) => [entry.product.code, entry.quantity]), [[products[0]?.code, 2], [third.code, 1]]);
  });

  test('cancels an order after asking once more; the customer then sees it Cancelled', async () => {
    const order = await placeTuesdayOrder([1]);
    const page = await shopperAt(PHONE);
    await page.goto(`/account/orders/${order.code}/`);
    const panel = page.getByRole('region', { name: 'Change this order' });
    await panel.getByRole('button', { name: 'Cancel order' }).click();
    await panel.getByText(`Cancel order ${order.code}? Nothing will be delivered. This cannot be undone.`).waitFor();
    await panel.getByRole('button', { name: 'Keep order' }).click();
    assert.equal((await orderNow(order.code)).status, 'placed');
    await panel.getByRole('button', { name: 'Cancel order' }).click();
    await panel.getByRole('button', { name: 'Yes, cancel order' }).click();
    await page.locator('main dl').getByText('Cancelled', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Change this order' }).waitFor({ state: 'detached' });
    assert.equal((await orderNow(order.code)).status, 'cancelled');
    await page.screenshot({ path: '/tmp/order-cancelled-390.png', fullPage: true });
    await page.goto('/account/orders/');
    await page.getByRole('article').filter({ hasText: order.code }).getByText('Cancelled', { exact: true }).waitFor();
  });

  test('after the cut-off: saving answers with the reason and keeps what was typed; the order page says it can no longer change', async () => {
    const order = await placeTuesdayOrder([2]);
    const page = await shopperAt(DESKTOP);
    await page.goto(`/account/orders/${order.code}/edit/`);
    const first = products[0] as ApiProduct & { name: string };
    await page.getByLabel(`Quantity of ${first.name}`).fill('7');
    await page.getByLabel('Purchase order number').fill('PO-TOO-LATE');
    // The cut-off passes while the customer is still editing.
    await setApiClock(shop, AFTER_CUTOFF);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'The cut-off for this delivery has passed' }).waitFor();
    assert.equal(await page.getByLabel(`Quantity of ${first.name}`).inputValue(), '7');
    assert.equal(await page.getByLabel('Purchase order number').inputValue(), 'PO-TOO-LATE');
    await page.screenshot({ path: '/tmp/order-edit-409.png', fullPage: true });
    const unchanged = await orderNow(order.code);
    assert.deepEqual(unchanged.entries.map((entry) => entry.quantity), [2]);
    assert.equal(unchanged.purchaseOrderNumber, 'PO-OLD');

    // Leaving asks first, as changes were not saved; the page is left anyway.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.goto(`/account/orders/${order.code}/`);
    await page.getByText('The cut-off for this delivery has passed: the order can no longer be changed or cancelled.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Edit order' }).count(), 0);
    await page.goto(`/account/orders/${order.code}/edit/`);
    await page.getByText('The cut-off for this delivery has passed: the order can no longer be changed or cancelled.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save changes' }).count(), 0);
  });
});
