import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { pageFixtures } from './page-fixtures';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { orderableProducts, SOLO, setCart, signedIn } from './journey-support';

/** Issue 13: no sideways scroll at any width, order history on a phone, the phone header and filters. */
let shop: Shop;
let productCode: string;
let orderCode: string;
let standingPaths: string[];
before(async () => {
  shop = await startShop();
  ({ productCode, orderCode, standingPaths } = await pageFixtures(shop));
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const WIDTHS = [320, 390, 1024, 1280];

/** Loads each path once and widens the window through WIDTHS; collects every width at which the page scrolls sideways. */
async function sidewaysAt(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 800 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
      if (scrollWidth > clientWidth) problems.push(`${path} at ${width}px: ${scrollWidth} > ${clientWidth}`);
    }
  }
  return problems;
}

async function signInMultiChill(page: Page) {
  await shop.signIn(page, 'multi@example.com');
  const input = page.getByLabel('Account', { exact: true });
  await input.focus();
  await input.press('ArrowDown');
  await page.getByRole('option', { name: /0000410004/ }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('no page scrolls sideways from 320 px to 1280 px', () => {
  test('signed out', async () => {
    const page = await shop.newPage({ allowConsoleErrors: [/404/] });
    assert.deepEqual(await sidewaysAt(page, ['/login/', '/about/', '/about/faq/', '/about/terms/', '/no-such-page/']), []);
  });

  test('signed in, dairy', async () => {
    await setCart(shop, SOLO, [{ code: productCode, quantity: 3 }]);
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username);
    const paths = [
      '/',
      '/category/DAIR-MILK/',
      '/category/DAIR-CHEESE/',
      '/search/milk/',
      `/product/${productCode}/`,
      '/cart/',
      '/cart/checkout/',
      `/cart/confirmation/${orderCode}/`,
      '/account/',
      '/account/carts/',
      '/account/orders/',
      `/account/orders/${orderCode}/`,
      ...standingPaths,
    ];
    assert.deepEqual(await sidewaysAt(page, paths), []);
  });

  test('signed in, chill (its category bar)', async () => {
    const page = await shop.newPage();
    await signInMultiChill(page);
    const category = await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first().getAttribute('href');
    assert.ok(category);
    assert.deepEqual(await sidewaysAt(page, ['/', category, '/search/pasta/']), []);
  });
});

/** True when the element's box lies inside the window horizontally (nothing to scroll to). */
const onScreen = (page: Page, text: string) =>
  page
    .locator('main')
    .getByText(text, { exact: true })
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
    });

describe('order history and order detail', () => {
  test('the history lists each order with its lines and a Reorder button', async () => {
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username, { at: '/account/orders/' });
    const order = page.getByRole('article', { name: `Order ${orderCode}` });
    await order.waitFor();
    const [product] = await orderableProducts(shop, SOLO, 1);
    await order.getByRole('link', { name: product?.name ?? '?' }).waitFor();
    await order.getByText('2 ×').first().waitFor();
    await setCart(shop, SOLO, []);
    await order.getByRole('button', { name: /^Reorder/ }).click();
    await order.getByText('Every line was added to your cart.').waitFor();
  });

  test('at 390 px status, total, unit price and line total are on screen, in stacked rows', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: '/account/orders/' });
    await page.getByRole('article', { name: `Order ${orderCode}` }).waitFor();
    for (const label of ['Status', 'Total']) assert.ok(await onScreen(page, label), `${label} on screen in the history`);
    await page.goto(`/account/orders/${orderCode}/`);
    for (const label of ['Unit price', 'Line total']) assert.ok(await onScreen(page, label), `${label} on screen in the order`);
    assert.equal(await page.locator('main table').count(), 0, 'no sideways-scrolling table on a phone');
  });
});

/** A customer who has answered the cookie banner: it sits above the header until then, pushing the page down. */
const consented = (page: Page) => page.context().addCookies([{ name: 'mv_consent', value: 'necessary', url: shop.baseUrl, sameSite: 'Lax' }]);

describe('phone layout (390 x 844)', () => {
  test('the header keeps a Checkout button that goes to the cart', async () => {
    await setCart(shop, SOLO, [{ code: productCode, quantity: 3 }]);
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username);
    const checkout = page.locator('header').getByRole('link', { name: 'Checkout' });
    assert.ok(await checkout.isVisible(), 'Checkout is visible');
    const box = await checkout.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'inside the screen');
    await checkout.click();
    await page.waitForURL('**/cart/');
  });

  test('the first product of a category starts in the upper half of the screen', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await consented(page);
    await signedIn(shop, page, SOLO.username, { at: '/category/DAIR-CHEESE/' });
    const top = await page.getByRole('list', { name: 'Products' }).getByRole('article').first().evaluate((element) => element.getBoundingClientRect().top);
    assert.ok(top < 500, `first product at ${top} px`);
  });

  test('choosing a filter closes the filter panel', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await consented(page);
    await signedIn(shop, page, SOLO.username, { at: '/category/DAIR-CHEESE/' });
    await page.waitForLoadState('networkidle');
    await page.getByText('Filters', { exact: true }).click();
    await page.getByRole('region', { name: 'Storage' }).getByRole('link', { name: /^Chilled/ }).click();
    await page.waitForURL(/storage=chilled/);
    await page.getByRole('list', { name: 'Active filters' }).waitFor();
    assert.equal(await page.locator('main details').first().evaluate((element) => (element as HTMLDetailsElement).open), false, 'the panel is closed');
    const top = await page.getByRole('list', { name: 'Products' }).getByRole('article').first().evaluate((element) => element.getBoundingClientRect().top);
    assert.ok(top < PHONE.height, `results in view (first product at ${top} px)`);
  });

  test("the account chip shows the part of the site's name that tells the sites apart; the delivery-date select is not cut", async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await shop.signIn(page, 'multi@example.com');
    const input = page.getByLabel('Account', { exact: true });
    await input.focus();
    await input.press('ArrowDown');
    await page.getByRole('option', { name: /0000410003/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const chip = page.locator('.header-sub .switcher-button');
    await chip.waitFor();
    const shown = await chip.evaluate((button) =>
      [...button.querySelectorAll<HTMLElement>('.switcher-account')].filter((span) => span.offsetWidth > 0).map((span) => ({ text: span.innerText, cut: span.scrollWidth > span.clientWidth })),
    );
    assert.deepEqual(shown, [{ text: 'Old Town', cut: false }], 'Harbour Café – Old Town beside Harbour Café – Quayside');
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/chip-390.png` });
    await page.setViewportSize(DESKTOP);
    assert.equal(await chip.locator('.switcher-account').filter({ visible: true }).innerText(), 'Harbour Café – Old Town (0000410003)', 'a desktop has room for it all');

    await setCart(shop, SOLO, [{ code: productCode, quantity: 3 }]);
    const checkout = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, checkout, SOLO.username);
    for (const viewport of [PHONE, DESKTOP]) {
      await checkout.setViewportSize(viewport);
      await checkout.goto('/cart/checkout/');
      const select = checkout.getByLabel('Delivery date');
      await select.waitFor();
      // A select cannot wrap: the chosen option's text must fit beside its arrow.
      const fit = await select.evaluate((element) => {
        const box = element as HTMLSelectElement;
        const style = getComputedStyle(box);
        const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
        return { text: box.selectedOptions[0]?.text ?? '', width: Math.ceil(context.measureText(box.selectedOptions[0]?.text ?? '').width), room };
      });
      assert.ok(fit.text.length > 0 && fit.width <= fit.room, `at ${viewport.width} px "${fit.text}" is ${fit.width} px in ${fit.room} px`);
      await checkout.getByText(/^Order by .+ at \d\d:\d\d for delivery on .+\.$/).waitFor();
    }
    // The text beside the short options names the chosen date's cut-off in full.
    const hint = checkout.getByText(/^Order by .+ for delivery on .+\.$/);
    const before = await hint.innerText();
    await checkout.getByLabel('Delivery date').selectOption({ index: 2 });
    await checkout.waitForFunction((text) => !document.body.innerText.includes(text), before);
    await checkout.setViewportSize(PHONE);
    await checkout.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/checkout-date-390.png` });
  });

  test('search suggestions hold no case-duplicates', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('salted butter');
    const list = page.getByRole('list', { name: 'Search suggestions' });
    await list.waitFor();
    const values = await list.getByRole('link').allInnerTexts();
    assert.ok(values.length > 0);
    const lower = values.map((value) => value.toLocaleLowerCase('en-GB'));
    assert.deepEqual(lower, [...new Set(lower)], `no duplicates in ${values.join(', ')}`);
  });
});
