import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { OFFLINE_NOISE } from './support/offline-noise';
import { startShop, type Shop } from './support/shop';
import { orderableProducts, SOLO, setCart, signedIn, waitForHeaderUnits, type ApiProduct } from './journey-support';

/**
 * Issue 13 point 1 / issue 12 point 8: a dropped connection or a 503 is docs/storefront-requirements.md §8 FailedToFetch, shown as a toast;
 * the page and what was typed stay, and the same click works once the connection is back. (Cart changes made
 * while the browser knows it is offline wait in the offline cart's queue instead: offline-cart.test.ts.)
 */
let shop: Shop;
let plain: ApiProduct;
before(async () => {
  shop = await startShop();
  const products = await orderableProducts(shop, SOLO, 40);
  const single = products.find((product) => product.minOrderQuantity === 1);
  assert.ok(single, 'the demo data has a product without a minimum');
  plain = single;
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

async function networkToast(page: Page): Promise<void> {
  const toast = page.locator('.toast').filter({ hasText: 'Temporary network error' });
  await toast.getByText('Please try again').waitFor({ timeout: 15_000 });
  assert.equal(await page.getByTestId('error-page').count(), 0, 'no crash page');
}

async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.getByRole('button', { name: /^Dismiss:/ }).all()) await close.click();
}

/** The server-action POSTs answer 503, as the storefront does when it sheds load or the API is down. */
async function answer503(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.method() === 'POST' && (await request.headerValue('next-action'))) {
      await route.fulfill({ status: 503, headers: { 'retry-after': '5', 'content-type': 'text/plain' }, body: 'Service Unavailable' });
      return;
    }
    await route.fallback();
  });
}

const cartLine = (page: Page, product: ApiProduct) =>
  page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').filter({ has: page.locator(`a[href="/product/${product.code}/"]`) });

// Adding to the cart and changing its lines offline queue the change instead (docs/phone.md, "The offline cart"):
// offline-cart.test.ts. An order is never queued:
describe('offline: place order', () => {
  test('Place order offline keeps the form; the same click places the order once back online', async () => {
    await setCart(shop, SOLO, [{ code: plain.code, quantity: 3 }]);
    const page = await shop.newPage({ allowConsoleErrors: OFFLINE_NOISE });
    await signedIn(shop, page, SOLO.username, { at: '/cart/checkout/' });
    const dates = page.getByLabel('Delivery date');
    const first = await dates.locator('option:not([disabled])').first().getAttribute('value');
    assert.ok(first);
    await dates.selectOption(first);
    await page.locator('#requestedDeliveryDate-status').getByText('Saved').waitFor();
    await page.context().setOffline(true);
    await page.getByLabel('Purchase order number (optional)').fill('PO-OFFLINE-1');
    await page.getByRole('button', { name: 'Place order' }).click();
    await networkToast(page);
    assert.equal(await page.getByLabel('Purchase order number (optional)').inputValue(), 'PO-OFFLINE-1');
    assert.equal(await dates.inputValue(), first);
    await page.context().setOffline(false);
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL('**/cart/confirmation/**');
    await page.getByText('PO-OFFLINE-1').waitFor();
  });
});

describe('503 from the server', () => {
  test('add to cart and cart update answered 503 show the toast, never the crash page', async () => {
    await setCart(shop, SOLO, [{ code: plain.code, quantity: 2 }]);
    const page = await shop.newPage({ allowConsoleErrors: [/503/, /Failed to load resource/] });
    await signedIn(shop, page, SOLO.username, { at: `/product/${plain.code}/` });
    await answer503(page);
    await page.getByLabel('Quantity', { exact: true }).fill('4');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await networkToast(page);
    assert.equal(await page.getByLabel('Quantity', { exact: true }).inputValue(), '4');

    await page.unroute('**/*');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await waitForHeaderUnits(page, 6);

    await page.goto('/cart/');
    await answer503(page);
    const row = cartLine(page, plain);
    await row.getByLabel('Quantity', { exact: true }).fill('9');
    await row.getByRole('button', { name: 'Update' }).click();
    await networkToast(page);
    assert.equal(await row.getByLabel('Quantity', { exact: true }).inputValue(), '9');
    await page.unroute('**/*');
    await dismissToasts(page);
    await row.getByRole('button', { name: 'Update' }).click();
    await waitForHeaderUnits(page, 9);
  });
});
