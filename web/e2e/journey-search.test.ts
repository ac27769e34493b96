import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, startShop, type Shop } from './support/shop';
import { assertAccessible, firstOrderableCard, headerUnits, SOLO, setCart, signedIn, tabTo, waitForHeaderUnits, WIDTHS } from './journey-support';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const searchBox = (page: Page) => page.getByRole('search').getByRole('searchbox', { name: 'Search products' });
const suggestionList = (page: Page) => page.getByRole('list', { name: 'Search suggestions' });

/** Counts the suggestion requests (Server Action calls) the page makes. */
function countSuggestionCalls(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.headers()['next-action']) counter.count += 1;
  });
  return counter;
}

async function suggestionValues(page: Page): Promise<string[]> {
  return suggestionList(page).getByRole('link').allInnerTexts();
}

describe('search with suggestions, results, add', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`at ${name} width`, async () => {
      await setCart(shop, SOLO, []);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username);
      const calls = countSuggestionCalls(page);
      const box = searchBox(page);

      await box.fill('chee');
      await suggestionList(page).waitFor();
      const fetched = await suggestionValues(page);
      assert.ok(fetched.length > 0, 'a term longer than 3 characters asks the API');
      assert.ok(calls.count >= 1);
      await assertAccessible(page, `search suggestions (${name})`);

      const before = calls.count;
      await box.fill('ch');
      await page.waitForTimeout(500);
      assert.equal(calls.count, before, 'a term of 3 characters or fewer makes no request');
      const narrowed = await suggestionValues(page);
      assert.ok(narrowed.every((value) => value.toLowerCase().startsWith('ch')), 'the shown suggestions are filtered by prefix');
      assert.deepEqual(narrowed, fetched.filter((value) => value.toLowerCase().startsWith('ch')));

      await box.fill('ched');
      await page.waitForFunction(() => document.querySelector('[data-suggestion]')?.textContent?.startsWith('Ched'));
      await page.mouse.click(2, viewport.height - 2);
      await suggestionList(page).waitFor({ state: 'hidden' });
      await box.focus();
      await suggestionList(page).waitFor();
      const first = suggestionList(page).getByRole('link').first();
      const value = await first.innerText();
      await first.click();
      await page.waitForURL(`**/search/${encodeURIComponent(value)}/`);
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), `Search results for ‘${value}’`);

      await box.fill('cheddar');
      await box.press('Enter');
      await page.waitForURL('**/search/cheddar/');
      const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
      await cards.first().waitFor();
      await assertAccessible(page, `search results (${name})`);
      const card = firstOrderableCard(page);
      const quantity = Number(await card.getByLabel('Quantity').inputValue());
      const units = await headerUnits(page);
      await card.getByRole('button', { name: 'Add to cart' }).click();
      await waitForHeaderUnits(page, units + quantity);

      await page.goto('/search/qqqzzzxx/');
      await page.getByText('No products found for ‘qqqzzzxx’.').waitFor();
      await page.getByRole('link', { name: 'browse the categories from the home page' }).waitFor();
      await assertAccessible(page, `empty search results (${name})`);
    });
  }

  test('suggestions come from the active range only', async () => {
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username);
    const answered = page.waitForResponse((response) => response.request().headers()['next-action'] !== undefined);
    await searchBox(page).fill('bacon');
    await answered;
    await page.waitForTimeout(300);
    assert.equal(await suggestionList(page).count(), 0, 'bacon is sold in the chilled range only, and this account orders dairy');
  });

  test('keyboard only: arrows through the suggestions, Escape closes them, Enter follows one', async () => {
    await setCart(shop, SOLO, []);
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username);
    await tabTo(page, searchBox(page));
    await page.keyboard.type('butter');
    await suggestionList(page).waitFor();
    await page.keyboard.press('Escape');
    await suggestionList(page).waitFor({ state: 'hidden' });
    await page.keyboard.press('ArrowDown');
    await suggestionList(page).waitFor();
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    assert.equal(focused, (await suggestionValues(page))[0], 'ArrowDown moves to the first suggestion');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/search/${encodeURIComponent(focused)}/`);

    const card = firstOrderableCard(page);
    await card.waitFor();
    await tabTo(page, card.getByRole('button', { name: 'Add to cart' }));
    const quantity = Number(await card.getByLabel('Quantity').inputValue());
    await page.keyboard.press('Enter');
    await waitForHeaderUnits(page, quantity);
  });
});
