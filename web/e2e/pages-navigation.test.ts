import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { firstOrderableCard, orderableProducts, SOLO, setCart, signedIn, tabTo, waitForHeaderUnits } from './journey-support';

/** Issue 13: paging, hand-edited addresses, keyboard focus and legacy hash-bang addresses. */
let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const NOT_FOUND = [/404/];

/** What the page's keyboard focus is on, as tag#id.class "text". */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  });

const resultsCount = (page: Page) => page.locator('#results').innerText();

describe('paging moves focus and scroll to the results', () => {
  for (const [start, link, expected] of [
    ['/category/DAIR-CHEESE/', 'Next page', /^21–40 of /],
    ['/category/DAIR-CHEESE/?page=2', 'Page 3', /^41–60 of /],
  ] as const) {
    test(`${link} on a phone`, async () => {
      const page = await shop.newPage({ viewport: PHONE });
      await signedIn(shop, page, SOLO.username, { at: start });
      await page.waitForLoadState('networkidle');
      const pager = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: link });
      await pager.scrollIntoViewIfNeeded();
      await pager.click();
      await page.waitForURL(/page=\d/);
      await page.waitForFunction(() => document.activeElement?.id === 'results', undefined, { timeout: 10_000 });
      assert.match(await resultsCount(page), expected);
      const top = await page.locator('#results').evaluate((element) => element.getBoundingClientRect().top);
      assert.ok(top >= 0 && top < PHONE.height / 2, `the results heading is near the top of the screen (top ${top})`);
    });
  }
});

describe('hand-edited addresses', () => {
  test('unknown or malformed category, product and order addresses are the 404 page with status 404', async () => {
    const page = await shop.newPage({ allowConsoleErrors: NOT_FOUND });
    await signedIn(shop, page, SOLO.username);
    for (const path of ['/category/%E0%A4%A/', '/category/NO-SUCH-CATEGORY/', '/product/NOSUCH1/', '/product/%E0%A4%A/', '/account/orders/%3Cscript%3E/', '/account/orders/MV-999999/']) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 404, `${path} answers 404`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      const text = await page.locator('main').innerText();
      assert.doesNotMatch(text, /Invalid|params|field/i, `${path} shows no internal message`);
    }
  });

  test('a bad sort or page number falls back to the default listing', async () => {
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username);
    for (const path of ['/category/DAIR-CHEESE/?sort=bogus', '/category/DAIR-CHEESE/?page=99', '/search/milk/?sort=bogus&page=99', '/category/DAIR-CHEESE/?page=-3&sort=%27']) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200, path);
      const count = page.getByRole('status').filter({ hasText: / of \d+ products$/ }).first();
      assert.match(await count.innerText({ timeout: 10_000 }), /^1–20 of \d+ products$/, `${path} shows the first page`);
      assert.doesNotMatch(await page.locator('main').innerText(), /Invalid query|unknown sort/i, path);
    }
  });
});

describe('keyboard focus stays on the page', () => {
  test('Add to cart keeps focus on its button', async () => {
    await setCart(shop, SOLO, []);
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: '/category/DAIR-CHEESE/' });
    await page.waitForLoadState('networkidle');
    const card = firstOrderableCard(page);
    const quantity = Number(await card.getByLabel('Quantity').inputValue());
    await card.getByRole('button', { name: 'Add to cart' }).focus();
    await page.keyboard.press('Enter');
    await waitForHeaderUnits(page, quantity);
    assert.match(await focused(page), /^button "Add to cart"/);
  });

  test('Update keeps focus on the line; Remove moves it to the next line, then to the cart heading', async () => {
    const [one, two] = await orderableProducts(shop, SOLO, 2);
    assert.ok(one && two);
    await setCart(shop, SOLO, [
      { code: one.code, quantity: one.minOrderQuantity },
      { code: two.code, quantity: two.minOrderQuantity },
    ]);
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    await page.waitForLoadState('networkidle');
    const lines = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
    const firstQuantity = lines.first().getByLabel('Quantity', { exact: true });
    await firstQuantity.fill(String(one.minOrderQuantity + 1));
    await lines.first().getByRole('button', { name: 'Update' }).focus();
    await page.keyboard.press('Enter');
    await waitForHeaderUnits(page, one.minOrderQuantity + 1 + two.minOrderQuantity);
    assert.match(await focused(page), /^button "Update"/, 'focus stays on Update');

    await lines.first().getByRole('button', { name: /^Remove/ }).focus();
    await page.keyboard.press('Enter');
    await waitForHeaderUnits(page, two.minOrderQuantity);
    await page.waitForFunction(() => document.activeElement !== document.body);
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id), await lines.first().getByLabel('Quantity', { exact: true }).getAttribute('id'), 'focus on the next line');

    await lines.first().getByRole('button', { name: /^Remove/ }).focus();
    await page.keyboard.press('Enter');
    await waitForHeaderUnits(page, 0);
    await page.waitForFunction(() => document.activeElement !== document.body);
    assert.match(await focused(page), /^h1.* "Your cart"/, 'focus on the cart heading');
  });

  test('a skip link leads from the search box to the results', async () => {
    await setCart(shop, SOLO, []);
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: '/search/cheese/' });
    await page.waitForLoadState('networkidle');
    await page.getByRole('searchbox', { name: 'Search products' }).focus();
    await tabTo(page, page.getByRole('link', { name: 'Skip to results' }), { max: 3 });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'results');
    const card = firstOrderableCard(page);
    await tabTo(page, card.getByRole('button', { name: 'Add to cart' }), { max: 12 });
    const quantity = Number(await card.getByLabel('Quantity').inputValue());
    await page.keyboard.press('Enter');
    await waitForHeaderUnits(page, quantity);
  });

  test('after sign-in focus starts at the top of the page', async () => {
    const page = await shop.newPage({ viewport: DESKTOP });
    await page.goto('/login/');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email address').fill(SOLO.username);
    await page.getByLabel('Password').fill('Meadowvale-demo-1');
    await page.getByRole('button', { name: 'Sign in' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 10_000 });
    assert.match(await focused(page), /^h1 "Welcome/);
  });
});

describe('legacy hash-bang addresses', () => {
  test('a hash-bang typed onto the page already showing is rewritten', async () => {
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: '/' });
    await page.waitForLoadState('networkidle');
    await page.goto('/#!/account/orders/');
    await page.waitForURL((url) => url.pathname === '/account/orders/', { timeout: 10_000 });
    await page.getByRole('heading', { level: 1, name: 'Order history' }).waitFor();
  });
});
