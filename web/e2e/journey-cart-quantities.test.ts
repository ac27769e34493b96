import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { PHONE, startShop, type Shop } from './support/shop';
import { orderableProducts, SOLO, setCart, signedIn, waitForHeaderUnits, WIDTHS, type ApiProduct } from './journey-support';

/** Issue 13 points 2, 10 and 13: typed quantities are never lost, blank is not a removal, one wording for quantity messages. */
let shop: Shop;
let plain: ApiProduct;
let minimum: ApiProduct;
before(async () => {
  shop = await startShop();
  const products = await orderableProducts(shop, SOLO, 60);
  const single = products.find((product) => product.minOrderQuantity === 1);
  const withMinimum = products.find((product) => product.minOrderQuantity > 1);
  assert.ok(single && withMinimum, 'the demo data has products with and without a minimum');
  plain = single;
  minimum = withMinimum;
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const cartLine = (page: Page, product: ApiProduct) =>
  page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').filter({ has: page.locator(`a[href="/product/${product.code}/"]`) });

/** The one wording of a quantity message (issue 13 point 13): the product by name, the range it may take. */
const addMessage = (product: ApiProduct) => `Enter ${product.minOrderQuantity} to 9999 cases of ${product.name}`;
const cartMessage = (product: ApiProduct) => `${addMessage(product)}, or 0 to remove it`;

describe('a typed quantity is never lost', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`type 12, go to checkout at once: checkout shows 12 (${name})`, async () => {
      await setCart(shop, SOLO, [{ code: plain.code, quantity: 1 }]);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { at: '/cart/' });
      await cartLine(page, plain).getByLabel('Quantity', { exact: true }).fill('12');
      await page.getByRole('link', { name: 'Go to checkout' }).click();
      await page.waitForURL('**/cart/checkout/');
      await page.getByRole('complementary', { name: 'Order summary' }).getByText(`12 × ${plain.name}`).waitFor();
      await waitForHeaderUnits(page, 12);
    });
  }

  test('a quantity typed and left alone is saved by itself', async () => {
    await setCart(shop, SOLO, [{ code: plain.code, quantity: 1 }]);
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    await cartLine(page, plain).getByLabel('Quantity', { exact: true }).fill('8');
    await waitForHeaderUnits(page, 8);
    await page.reload();
    assert.equal(await cartLine(page, plain).getByLabel('Quantity', { exact: true }).inputValue(), '8');
  });
});

describe('quantity messages', () => {
  test('a blank quantity and Update is a message, not a removal (docs/storefront-requirements.md §4: only 0 removes)', async () => {
    await setCart(shop, SOLO, [{ code: plain.code, quantity: 3 }]);
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    const row = cartLine(page, plain);
    await row.getByLabel('Quantity', { exact: true }).fill('');
    await row.getByRole('button', { name: 'Update' }).click();
    await row.getByRole('alert').getByText(cartMessage(plain), { exact: true }).waitFor();
    await page.reload();
    assert.equal(await row.getByLabel('Quantity', { exact: true }).inputValue(), '3', 'the line is still in the cart');
    await waitForHeaderUnits(page, 3);
  });

  test('in the cart: -1 and below the minimum name the product and keep the typed value', async () => {
    await setCart(shop, SOLO, [{ code: minimum.code, quantity: minimum.minOrderQuantity }]);
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    const row = cartLine(page, minimum);
    const box = row.getByLabel('Quantity', { exact: true });
    for (const typed of ['-1', String(minimum.minOrderQuantity - 1), 'abc']) {
      await box.fill(typed);
      await row.getByRole('button', { name: 'Update' }).click();
      await row.getByRole('alert').getByText(cartMessage(minimum), { exact: true }).waitFor();
      assert.equal(await box.inputValue(), typed, 'the box keeps what was typed next to the message');
      assert.ok(!(await row.getByRole('alert').innerText()).includes(minimum.code), 'the product is named by name, not code');
    }
    await waitForHeaderUnits(page, minimum.minOrderQuantity);
  });

  test('add to cart: 0 and -1 give the same message, naming the product, and the box keeps the value', async () => {
    await setCart(shop, SOLO, []);
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: `/product/${minimum.code}/` });
    const box = page.getByLabel('Quantity', { exact: true });
    for (const typed of ['0', '-1', String(minimum.minOrderQuantity - 1)]) {
      await box.fill(typed);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('status').getByText(addMessage(minimum), { exact: true }).waitFor();
      assert.equal(await box.inputValue(), typed);
    }
    await box.fill(String(minimum.minOrderQuantity));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await waitForHeaderUnits(page, minimum.minOrderQuantity);
  });
});
