import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, startShop, titleBecomes, type Shop } from './support/shop';
import { assertAccessible, orderableProducts, SOLO, setCart, signedIn, tabTo, waitForHeaderUnits, WIDTHS, type ApiProduct } from './journey-support';

let shop: Shop;
let products: ApiProduct[];
before(async () => {
  shop = await startShop();
  products = (await orderableProducts(shop, SOLO, 40)).filter((product) => product.minOrderQuantity === 1).slice(0, 2);
  assert.equal(products.length, 2);
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const fillCart = () => setCart(shop, SOLO, products.map((product, index) => ({ code: product.code, quantity: index + 2 })));
const UNITS = 2 + 3;

async function savedNote(page: Page, field: string) {
  await page.locator(`#${field}-status`).getByText('Saved').waitFor();
}

/** Confirmation → order detail → history → reorder; returns the order code. */
async function followOrder(page: Page, purchaseOrder: string, name: string): Promise<string> {
  await page.waitForURL('**/cart/confirmation/**');
  await page.getByRole('heading', { name: 'Thank you: your order is placed' }).waitFor();
  const code = (await page.locator('dd strong').first().innerText()).trim();
  assert.match(code, /^MV-\d+$/);
  await page.getByText(purchaseOrder).waitFor();
  await waitForHeaderUnits(page, 0);
  await assertAccessible(page, `confirmation (${name})`);

  await page.getByRole('link', { name: `View order ${code}` }).click();
  await page.waitForURL(`**/account/orders/${code}/`);
  await page.getByRole('heading', { name: `Order ${code}` }).waitFor();
  for (const product of products) await page.getByRole('link', { name: product.name }).first().waitFor();
  await assertAccessible(page, `order detail (${name})`);

  await page.goto('/account/orders/');
  const orders = page.getByRole('article').filter({ hasText: purchaseOrder });
  // On CI's loaded machine the history once came back without the order (a shed or slow answer, the list not
  // drawn): a user would look again, and so does the test, a few times, before counting.
  for (let attempt = 0; attempt < 5 && (await orders.count()) === 0; attempt++) {
    await page.waitForTimeout(500);
    await page.reload();
  }
  assert.equal(await orders.count(), 1, 'one order for one checkout');
  await orders.getByRole('heading', { name: `Order ${code}`, exact: true }).waitFor();
  await assertAccessible(page, `order history (${name})`);
  return code;
}

describe('checkout → confirmation → order history → reorder', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`at ${name} width`, async () => {
      await fillCart();
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { at: '/cart/' });
      await page.getByRole('link', { name: 'Go to checkout' }).click();
      await page.waitForURL('**/cart/checkout/');
      assert.equal(await titleBecomes(page, 'Business Orders | Checkout'), 'Business Orders | Checkout');
      await page.getByText(/^Order by .+ at \d\d:\d\d for delivery on .+\.$/).waitFor();

      const dates = page.getByLabel('Delivery date');
      const options = await dates.locator('option:not([disabled])').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
      assert.ok(options.length > 0, 'the API offers delivery dates');
      const chosen = options[1] ?? options[0] ?? '';
      await dates.selectOption(chosen);
      await savedNote(page, 'requestedDeliveryDate');
      const purchaseOrder = `PO-${name}-4711`;
      await page.getByLabel('Purchase order number (optional)').fill(purchaseOrder);
      await savedNote(page, 'purchaseOrderNumber');
      await page.getByLabel('Delivery instructions (optional)').fill('Leave at the kitchen door, ring twice.');
      await savedNote(page, 'deliveryInstructions');
      await assertAccessible(page, `checkout (${name})`);

      await page.reload();
      assert.equal(await dates.inputValue(), chosen, 'the date was saved to the cart');
      assert.equal(await page.getByLabel('Purchase order number (optional)').inputValue(), purchaseOrder);
      assert.equal(await page.getByLabel('Delivery instructions (optional)').inputValue(), 'Leave at the kitchen door, ring twice.');

      const place = page.getByRole('button', { name: 'Place order' });
      const key = await page.locator('input[name="idempotencyKey"]').inputValue();
      assert.match(key, /^[0-9a-f-]{36}$/, 'the checkout view carries its own idempotency key');
      // Hold the order request a moment so the pending state can be seen before the confirmation replaces it.
      await page.route('**/cart/checkout/', async (route) => {
        if (route.request().method() === 'POST') await new Promise((resolveDelay) => setTimeout(resolveDelay, 700));
        await route.continue();
      });
      await place.click();
      const placing = page.getByRole('button', { name: 'Placing order…' });
      await placing.waitFor();
      assert.equal(await placing.isDisabled(), true, 'Place order cannot be pressed twice while the order is being placed');
      const code = await followOrder(page, purchaseOrder, name);

      await page.goto(`/account/orders/${code}/`);
      await page.getByRole('button', { name: `Reorder order ${code}` }).click();
      await page.getByText('Every line was added to your cart.').waitFor();
      await waitForHeaderUnits(page, UNITS);
    });
  }

  test('keyboard only', async () => {
    await fillCart();
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    await tabTo(page, page.getByRole('link', { name: 'Go to checkout' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cart/checkout/');
    await page.waitForLoadState('networkidle');
    await tabTo(page, page.getByLabel('Delivery date'));
    await page.keyboard.press('ArrowDown');
    await savedNote(page, 'requestedDeliveryDate');
    await page.keyboard.press('Tab');
    await page.keyboard.type('PO-KEYS-1');
    await savedNote(page, 'purchaseOrderNumber');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Side entrance.');
    await savedNote(page, 'deliveryInstructions');
    await tabTo(page, page.getByRole('button', { name: 'Place order' }));
    await page.keyboard.press('Enter');
    const code = await followOrder(page, 'PO-KEYS-1', 'keyboard');
    await page.goto(`/account/orders/${code}/`);
    await tabTo(page, page.getByRole('button', { name: `Reorder order ${code}` }));
    await page.keyboard.press('Enter');
    await waitForHeaderUnits(page, UNITS);
  });
});
