import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, startShop, titleBecomes, type Shop } from './support/shop';
import { assertAccessible, firstOrderableCard, headerUnits, SOLO, setCart, signedIn, tabTo, waitForHeaderUnits, WIDTHS } from './journey-support';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const products = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('article');
const countText = (page: Page) => page.locator('main [role="status"]').first().innerText();

async function openFiltersOnPhone(page: Page) {
  const summary = page.getByText('Filters', { exact: true });
  if (await summary.isVisible()) await summary.click();
}

describe('browse a category: filter, sort, page, add', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`at ${name} width`, async () => {
      await setCart(shop, SOLO, []);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username);
      await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Milk', exact: true }).click();
      await page.waitForURL('**/category/DAIR-MILK/');
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Milk');
      assert.equal(await titleBecomes(page, 'Business Orders | Milk'), 'Business Orders | Milk');
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).waitFor();
      await page.getByRole('navigation', { name: 'Milk subcategories' }).getByRole('link', { name: 'Whole milk' }).waitFor();
      assert.equal(await products(page).count(), 20, 'twenty a page');
      const unfiltered = await countText(page);
      await assertAccessible(page, `category page (${name})`);

      await openFiltersOnPhone(page);
      await page.getByRole('region', { name: 'Storage' }).getByRole('link', { name: /^Chilled/ }).click();
      await page.waitForURL(/storage=chilled/);
      assert.notEqual(await countText(page), unfiltered, 'the filter narrows the list');
      await page.getByRole('list', { name: 'Active filters' }).getByRole('link', { name: /Chilled/ }).waitFor();

      await page.getByRole('navigation', { name: 'Sort products' }).getByRole('link', { name: 'Name (Z to A)' }).click();
      await page.waitForURL(/sort=name-desc/);
      const names = await products(page).getByRole('heading').allInnerTexts();
      assert.deepEqual(names, [...names].sort((a, b) => b.localeCompare(a, 'en-GB')), 'names run Z to A');

      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
      await page.waitForURL(/page=2/);
      assert.match(await countText(page), /^21–/);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('storage'), 'chilled');
      assert.equal(url.searchParams.get('sort'), 'name-desc');

      const card = firstOrderableCard(page);
      const before = await headerUnits(page);
      const quantity = Number(await card.getByLabel('Quantity').inputValue());
      await card.getByRole('button', { name: 'Add to cart' }).click();
      await card.getByText(/^Added \d+ cases? to your cart$/).waitFor();
      await waitForHeaderUnits(page, before + quantity);
      assert.match(page.url(), /page=2/, 'adding does not leave the page');

      await page.goBack();
      await page.waitForURL((address) => !address.searchParams.has('page'));
      await page.getByRole('status').getByText(/^1–20 of/).waitFor();
    });
  }

  test('keyboard only', async () => {
    await setCart(shop, SOLO, []);
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username);
    await tabTo(page, page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Cheese', exact: true }));
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cheddar', 'the subcategory menu opens on focus');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/category/DAIR-CHEESE-CHEDDAR/');

    await tabTo(page, page.getByRole('region', { name: 'Brand' }).getByRole('link').first());
    await page.keyboard.press('Enter');
    await page.waitForURL(/brand=/);
    await tabTo(page, page.getByRole('navigation', { name: 'Sort products' }).getByRole('link', { name: 'Price (lowest first)' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=price-asc/);

    const card = firstOrderableCard(page);
    await tabTo(page, card.getByLabel('Quantity'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('7');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await card.getByText('Added 7 cases to your cart').waitFor();
    await waitForHeaderUnits(page, 7);
  });
});
