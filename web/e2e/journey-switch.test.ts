import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startShop, type Shop } from './support/shop';
import { orderableProducts, setCart, WIDTHS, waitForHeaderUnits, type ApiProduct } from './journey-support';

/** multi@example.com: each account keeps its own cart; switching away and back finds it intact. */
const MULTI = 'multi@example.com';
const QUAYSIDE = { username: MULTI, shipTo: '0000410002', salesOrg: 'DAIR' } as const;
const OLD_TOWN = { username: MULTI, shipTo: '0000410003', salesOrg: 'DAIR' } as const;

let shop: Shop;
let quaysideProduct: ApiProduct;
let oldTownProduct: ApiProduct;
before(async () => {
  shop = await startShop();
  const products = (await orderableProducts(shop, QUAYSIDE, 30)).filter((product) => product.minOrderQuantity === 1);
  [quaysideProduct, oldTownProduct] = products as [ApiProduct, ApiProduct];
  assert.ok(quaysideProduct && oldTownProduct);
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const switcherButton = (page: Page) => page.locator('.header-sub .switcher-button').first();

async function chooseAccount(page: Page, code: string) {
  const input = page.getByLabel('Account', { exact: true });
  await input.focus();
  await input.press('ArrowDown');
  await page.getByRole('option', { name: new RegExp(code) }).click();
}

/** Every switch in this test leaves a cart with units behind, so the shell asks to confirm first. */
async function switchTo(page: Page, code: string, range?: 'Dairy' | 'Chill') {
  await switcherButton(page).click();
  await chooseAccount(page, code);
  if (range) await page.getByRole('button', { name: `Order ${range}` }).click();
  await page.getByRole('dialog', { name: /Do you want to checkout before switching/ }).getByRole('button', { name: 'Switch account' }).click();
  await page.waitForFunction((shipTo) => document.querySelector('.header-sub .switcher-button')?.textContent?.includes(shipTo), code);
  await page.waitForLoadState('networkidle');
}

const cartNames = (page: Page) => page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').getByRole('link').allInnerTexts();

describe("switch account and find the other account's cart intact on return", () => {
  for (const [name, viewport] of WIDTHS) {
    test(`at ${name} width`, async () => {
      await setCart(shop, QUAYSIDE, [{ code: quaysideProduct.code, quantity: 2 }]);
      await setCart(shop, OLD_TOWN, [{ code: oldTownProduct.code, quantity: 5 }]);
      const page = await shop.newPage({ viewport });
      await shop.signIn(page, MULTI);
      await chooseAccount(page, QUAYSIDE.shipTo);
      await page.getByRole('button', { name: 'Order Dairy' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.waitForLoadState('networkidle');
      await waitForHeaderUnits(page, 2);

      await page.goto('/cart/');
      assert.deepEqual(await cartNames(page), [quaysideProduct.name]);
      await switchTo(page, OLD_TOWN.shipTo);
      assert.equal(new URL(page.url()).pathname, '/');
      await waitForHeaderUnits(page, 5);
      await page.goto('/cart/');
      assert.deepEqual(await cartNames(page), [oldTownProduct.name]);

      await switchTo(page, QUAYSIDE.shipTo, 'Dairy');
      await waitForHeaderUnits(page, 2);
      await page.goto('/cart/');
      assert.deepEqual(await cartNames(page), [quaysideProduct.name], 'the first account’s cart is intact on return');
      const line = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').first();
      assert.equal(await line.getByLabel('Quantity', { exact: true }).inputValue(), '2');

      await switchTo(page, '0000410004');
      await page.getByRole('navigation', { name: 'Categories' }).waitFor();
      assert.equal(await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Milk', exact: true }).count(), 0, 'the chill range has its own categories');
    });
  }
});
