import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, startShop, titleBecomes, type Shop } from './support/shop';
import {
  assertAccessible,
  firstOrderableCard,
  orderableProducts,
  SOLO,
  setCart,
  signedIn,
  tabTo,
  waitForHeaderUnits,
  WIDTHS,
  type ApiProduct,
} from './journey-support';

let shop: Shop;
let plain: ApiProduct;
let other: ApiProduct;
let minimum: ApiProduct;
before(async () => {
  shop = await startShop();
  const products = await orderableProducts(shop, SOLO, 60);
  const single = products.filter((product) => product.minOrderQuantity === 1);
  [plain, other] = single as [ApiProduct, ApiProduct];
  const withMinimum = products.find((product) => product.minOrderQuantity > 1);
  assert.ok(plain && other && withMinimum, 'the demo data has products with and without a minimum');
  minimum = withMinimum;
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const lines = (page: Page) => page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
const line = (page: Page, product: ApiProduct) => lines(page).filter({ has: page.locator(`a[href="/product/${product.code}/"]`) });

async function setQuantity(page: Page, product: ApiProduct, quantity: string) {
  const row = line(page, product);
  await row.getByLabel('Quantity', { exact: true }).fill(quantity);
  await row.getByRole('button', { name: 'Update' }).click();
}

describe('cart: change and remove quantities', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`at ${name} width`, async () => {
      await setCart(shop, SOLO, [
        { code: plain.code, quantity: 2 },
        { code: minimum.code, quantity: minimum.minOrderQuantity },
      ]);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { at: '/cart/' });
      assert.equal(await titleBecomes(page, 'Business Orders | Cart'), 'Business Orders | Cart');
      assert.equal(await lines(page).count(), 2);
      await page.getByText(`${2 + minimum.minOrderQuantity} items on 2 lines`).waitFor();
      await assertAccessible(page, `cart (${name})`);

      const total = await line(page, plain).locator('p').last().innerText();
      await setQuantity(page, plain, '5');
      await waitForHeaderUnits(page, 5 + minimum.minOrderQuantity);
      await page.waitForFunction(
        ([code, before]) => [...document.querySelectorAll('li')].some((li) => li.querySelector(`a[href="/product/${code}/"]`) && !li.textContent?.includes(before as string)),
        [plain.code, total],
      );

      await setQuantity(page, minimum, '1');
      await line(page, minimum).getByRole('alert').getByText(`Enter ${minimum.minOrderQuantity} to 9999 cases of ${minimum.name}, or 0 to remove it`).waitFor();
      await waitForHeaderUnits(page, 5 + minimum.minOrderQuantity);

      await line(page, plain).getByRole('button', { name: `Remove ${plain.name}` }).click();
      await page.getByText(`Removed ${plain.name} (5) from your cart.`).waitFor();
      await waitForHeaderUnits(page, minimum.minOrderQuantity);
      await page.getByRole('button', { name: 'Undo' }).click();
      await line(page, plain).waitFor();
      await waitForHeaderUnits(page, 5 + minimum.minOrderQuantity);

      await setQuantity(page, minimum, '0');
      await waitForHeaderUnits(page, 5);
      assert.equal(await lines(page).count(), 1);
      await page.getByText('5 items on 1 line').waitFor();

      await setQuantity(page, plain, '1');
      await waitForHeaderUnits(page, 1);
      await page.getByText('1 item on 1 line').waitFor();
    });
  }
});

describe('saved carts: save, restore, delete', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`at ${name} width`, async () => {
      await setCart(shop, SOLO, [{ code: plain.code, quantity: 3 }]);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { at: '/cart/' });
      const cartName = `Weekly order ${name}`;
      await page.getByLabel('Save this cart as').fill(cartName);
      await page.getByRole('button', { name: 'Save cart' }).click();
      await page.waitForURL((url) => url.pathname === '/account/carts/');
      await waitForHeaderUnits(page, 0);
      const saved = page.getByRole('list', { name: 'Saved carts' }).getByRole('listitem').filter({ hasText: cartName });
      await saved.getByText('Lines').waitFor();
      await assertAccessible(page, `saved carts (${name})`);

      await page.goto('/search/cheese/');
      const card = firstOrderableCard(page);
      const added = Number(await card.getByLabel('Quantity', { exact: true }).inputValue());
      await card.getByRole('button', { name: 'Add to cart' }).click();
      await waitForHeaderUnits(page, added);

      await page.goto('/account/carts/');
      await saved.getByRole('button', { name: `Restore ${cartName}` }).click();
      await saved.getByText(`Your current cart has ${added} ${added === 1 ? 'item' : 'items'}.`, { exact: false }).waitFor();
      await saved.getByRole('button', { name: 'Yes, restore' }).click();
      await page.waitForURL('**/cart/');
      await line(page, plain).waitFor();
      await waitForHeaderUnits(page, 3);

      await page.goto('/account/carts/');
      const previous = page.getByRole('list', { name: 'Saved carts' }).getByRole('listitem').first();
      const previousName = await previous.getByRole('heading').innerText();
      await previous.getByRole('button', { name: `Delete ${previousName}` }).click();
      await previous.getByText(`Delete the saved cart ‘${previousName}’?`).waitFor();
      await previous.getByRole('button', { name: 'Yes, delete' }).click();
      await page.getByRole('heading', { name: previousName }).waitFor({ state: 'detached' });
    });
  }
});

describe('cart keyboard only', () => {
  test('change, remove, undo and save without a mouse', async () => {
    await setCart(shop, SOLO, [
      { code: plain.code, quantity: 2 },
      { code: other.code, quantity: 1 },
    ]);
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    await tabTo(page, line(page, plain).getByLabel('Quantity', { exact: true }));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await waitForHeaderUnits(page, 5);

    await tabTo(page, line(page, other).getByRole('button', { name: `Remove ${other.name}` }));
    await page.keyboard.press('Enter');
    await waitForHeaderUnits(page, 4);
    await tabTo(page, page.getByRole('button', { name: 'Undo' }), { backwards: true });
    await page.keyboard.press('Enter');
    await waitForHeaderUnits(page, 5);

    await tabTo(page, page.getByLabel('Save this cart as'));
    await page.keyboard.type('Keyboard cart');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/account/carts/');
    const saved = page.getByRole('list', { name: 'Saved carts' }).getByRole('listitem').filter({ hasText: 'Keyboard cart' });
    await tabTo(page, saved.getByRole('button', { name: 'Restore Keyboard cart' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cart/');
    await waitForHeaderUnits(page, 5);
  });
});

describe('clear cart', () => {
  test('asks once more; going back keeps every line, confirming empties the cart', async () => {
    await setCart(shop, SOLO, [
      { code: plain.code, quantity: 2 },
      { code: other.code, quantity: 1 },
    ]);
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    await page.getByRole('button', { name: 'Clear cart' }).click();
    const confirm = page.getByRole('button', { name: 'Yes, clear cart' });
    await confirm.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Yes, clear cart', 'the confirming button has the focus');
    assert.match((await confirm.getAttribute('aria-describedby')) ?? '', /clear-question/);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    assert.equal(await lines(page).count(), 2, 'going back keeps the lines');
    await waitForHeaderUnits(page, 3);

    await page.getByRole('button', { name: 'Clear cart' }).click();
    await page.getByRole('button', { name: 'Yes, clear cart' }).click();
    await page.getByText('Your cart is empty.').waitFor();
    await waitForHeaderUnits(page, 0);
  });
});
