import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Locator } from 'playwright-core';
import { DEMO_PASSWORD, PHONE, startShop, type Shop } from './support/shop';
import { assertAccessible, orderableProducts, SOLO, setCart, signedIn, waitForHeaderUnits, WIDTHS, type ApiProduct } from './journey-support';

/** Issue 13 points 3 (first click after a message), 4 (saved cart page, Add to cart) and 8 (stale checkout tab). */
let shop: Shop;
let products: ApiProduct[];
before(async () => {
  shop = await startShop();
  products = (await orderableProducts(shop, SOLO, 40)).filter((product) => product.minOrderQuantity === 1).slice(0, 2);
  assert.equal(products.length, 2);
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const [first, second] = [() => products[0] as ApiProduct, () => products[1] as ApiProduct];

async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  assert.ok(box, 'the element is on screen');
  return Math.round(box.y);
}

describe('the first click after a validation message is not swallowed', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`/login/: submit empty, fill both, one click on Sign in signs in (${name})`, async () => {
      const page = await shop.newPage({ viewport });
      await page.goto('/login/');
      await page.waitForLoadState('networkidle');
      const button = page.getByRole('button', { name: 'Sign in' });
      const before = await top(button);
      await button.click();
      await page.getByText('Please enter your password').waitFor();
      assert.equal(await top(button), before, 'the messages do not move the button');
      await page.getByLabel('Email address').fill(SOLO.username);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await button.click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    });
  }

  test('account switcher: the message of an empty account field does not move what follows', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await shop.signIn(page, 'multi@example.com');
    await page.waitForLoadState('networkidle');
    assert.equal(new URL(page.url()).pathname, '/account/select/');
    const signOut = page.getByRole('button', { name: 'Sign out' });
    const before = await top(signOut);
    const account = page.getByLabel('Account', { exact: true });
    await account.focus();
    await page.keyboard.press('Tab');
    await page.getByText('Please choose an account').waitFor();
    assert.equal(await top(signOut), before);
  });

  test('checkout: the save notes do not move the Place order button', async () => {
    await setCart(shop, SOLO, [{ code: first().code, quantity: 1 }]);
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: '/cart/checkout/' });
    const place = page.getByRole('button', { name: 'Place order' });
    const before = await top(place);
    await page.getByLabel('Purchase order number (optional)').fill('PO-STEADY');
    await page.locator('#purchaseOrderNumber-status').getByText('Saved').waitFor();
    assert.equal(await top(place), before);
  });
});

describe('saved carts: a saved cart page with Add to cart', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`see the lines, add them to the cart twice, the saved cart stays (${name})`, async () => {
      await setCart(shop, SOLO, [
        { code: first().code, quantity: 3 },
        { code: second().code, quantity: 2 },
      ]);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { at: '/cart/' });
      const cartName = `Weekly ${name}`;
      await page.getByLabel('Save this cart as').fill(cartName);
      await page.getByRole('button', { name: 'Save cart' }).click();
      await page.waitForURL((url) => url.pathname === '/account/carts/');
      await waitForHeaderUnits(page, 0);

      await page.getByRole('link', { name: cartName, exact: true }).click();
      await page.waitForURL(/\/account\/carts\/[^/]+\/$/);
      await page.getByRole('heading', { level: 1, name: cartName }).waitFor();
      const lines = page.getByRole('list', { name: 'Saved cart lines' }).getByRole('listitem');
      assert.equal(await lines.count(), 2);
      await lines.filter({ hasText: first().name }).getByText('3 cases').waitFor();
      await page.getByText('Restore makes this saved cart your current cart', { exact: false }).waitFor();
      await assertAccessible(page, `saved cart (${name})`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= viewport.width, `no sideways scroll (${scrollWidth})`);

      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByText('Every line was added to your cart.').waitFor();
      await waitForHeaderUnits(page, 5);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await waitForHeaderUnits(page, 10);

      await page.goto('/account/carts/');
      await page.getByRole('link', { name: cartName, exact: true }).waitFor();
    });
  }

  test('an unknown saved cart is a 404', async () => {
    const page = await shop.newPage({ allowConsoleErrors: [/status of 404/] });
    await signedIn(shop, page, SOLO.username);
    const response = await page.goto('/account/carts/no-such-cart/');
    assert.equal(response?.status(), 404);
  });
});

describe('a stale checkout tab', () => {
  test('the order placed in another tab is named and linked; layout, date and header count hold', async () => {
    await setCart(shop, SOLO, [{ code: first().code, quantity: 2 }]);
    const stale = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, stale, SOLO.username, { at: '/cart/checkout/' });
    const dates = stale.getByLabel('Delivery date');
    const chosen = await dates.locator('option:not([disabled])').first().getAttribute('value');
    assert.ok(chosen);
    await dates.selectOption(chosen);
    await stale.locator('#requestedDeliveryDate-status').getByText('Saved').waitFor();
    const place = stale.getByRole('button', { name: 'Place order' });
    const height = (await place.boundingBox())?.height ?? 0;

    const other = await shop.newPage({ viewport: PHONE, context: stale.context() });
    await other.goto('/cart/checkout/');
    await other.getByRole('button', { name: 'Place order' }).click();
    await other.waitForURL('**/cart/confirmation/**');
    const code = (await other.locator('dd strong').first().innerText()).trim();

    await place.click();
    const alert = stale.getByRole('alert').filter({ hasText: `The cart has already been ordered as ${code}` });
    await alert.waitFor();
    assert.equal(await alert.getByRole('link', { name: code }).getAttribute('href'), `/account/orders/${code}/`);
    assert.equal((await place.boundingBox())?.height, height, 'the Place order button keeps its size');
    assert.equal(await dates.inputValue(), chosen, 'the date stays as chosen');
    await waitForHeaderUnits(stale, 0);
  });
});
