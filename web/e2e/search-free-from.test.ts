import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, hydrated, orderableProducts, signedIn, WIDTHS, type ApiProduct } from './journey-support';
import { userToken } from './support/api';
import { startShop, type Shop } from './support/shop';

/**
 * Search's food filters (docs/food-information.md): a chef filters "Free from: Peanuts" and sees only products
 * declared free from peanuts, as many as the facet said; with a site profile avoiding peanuts, "Hide products
 * <site> avoids" drops the ones containing them. At both widths.
 */
const SITE = 'Harbour Café – Quayside';
const ADMIN = { username: 'head@example.com', shipTo: '0000410002', salesOrg: 'DAIR' } as const;
const CHEF = { username: 'buyer@example.com', shipTo: '0000410002', salesOrg: 'DAIR' } as const;
const TERM = 'cheddar';
const HIDE = `Hide products ${SITE} avoids`;

let shop: Shop;
/** The test's own products: the first declared free from peanuts, the second containing them. */
let free: ApiProduct;
let holding: ApiProduct;

async function operatorToken(): Promise<string> {
  const response = await fetch(`${shop.apiUrl}/admin/v1/auth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@meadowvale.example', password: 'Meadowvale-demo-1' }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { access_token: string }).access_token;
}

async function setFoodInfo(code: string, allergens: Record<string, string>): Promise<void> {
  const response = await fetch(`${shop.apiUrl}/admin/v1/products/${encodeURIComponent(code)}/foodinfo`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await operatorToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ingredients: 'Mature cheddar (*milk*)', allergens, dietary: ['vegetarian'] }),
  });
  assert.ok(response.ok, `${response.status} ${await response.text()}`);
}

async function setProfile(avoids: string[]): Promise<void> {
  const response = await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current/allergenprofile?shipTo=${ADMIN.shipTo}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await userToken(shop, ADMIN.username)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ avoids }),
  });
  assert.equal(response.status, 200, await response.clone().text());
}

/** The API's answer to the same OCC query, for what the page should list. */
async function apiSearch(query: string): Promise<{ products: { code: string; foodMarks: { contains?: string[]; mayContain?: string[]; notSupplied?: string[] } }[]; pagination: { totalResults: number } }> {
  const token = await userToken(shop, CHEF.username);
  const response = await fetch(
    `${shop.apiUrl}/occ/v2/b2b/products/search?${new URLSearchParams({ query, pageSize: '100', shipTo: CHEF.shipTo, salesOrg: CHEF.salesOrg, fields: 'FULL' })}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  assert.equal(response.status, 200, await response.clone().text());
  return response.json() as never;
}

before(async () => {
  shop = await startShop();
  // The two best matches of the term, so both are on the first page whatever the demo's own food data says.
  [free, holding] = (await orderableProducts(shop, CHEF, 2, `${TERM}:relevance`)) as [ApiProduct, ApiProduct];
  assert.ok(free && holding);
  await setFoodInfo(free.code, { milk: 'contains', peanuts: 'free', sesame: 'free' });
  await setFoodInfo(holding.code, { milk: 'contains', peanuts: 'contains' });
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const cardCodes = async (page: Page): Promise<string[]> =>
  page
    .getByRole('list', { name: 'Products' })
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('a[href*="/product/"]')?.getAttribute('href') ?? ''));
const shows = (hrefs: string[], code: string) => hrefs.some((href) => href.includes(`/product/${encodeURIComponent(code)}`));

/** The filters panel open (on a phone it is folded under "Filters"). */
async function openFilters(page: Page): Promise<void> {
  const summary = page.locator('summary', { hasText: 'Filters' });
  if (await summary.isVisible()) {
    const open = await summary.evaluate((element) => (element.parentElement as HTMLDetailsElement).open);
    if (!open) await summary.click();
  }
}

describe('search: free from and the site profile’s hide switch', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`a chef filters "Free from: Peanuts" and sees only those, as many as the facet counted (${name})`, async () => {
      await setProfile([]);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, CHEF.username, { at: `/search/${TERM}/`, account: CHEF });
      await page.getByRole('heading', { level: 1, name: `Search results for ‘${TERM}’` }).waitFor();
      assert.equal(await page.getByRole('switch', { name: HIDE }).count(), 0, 'no switch while the site avoids nothing');
      await openFilters(page);
      const freeFrom = page.getByRole('region', { name: 'Free from' });
      const peanuts = freeFrom.getByRole('link', { name: /^Peanuts/ });
      const label = await peanuts.innerText();
      const counted = Number(/\((\d+)/.exec(label)?.[1]);
      assert.ok(counted >= 1, `the facet counts the test's product: ${label}`);
      await peanuts.click();
      await page.waitForURL(/freeFrom=peanuts/);
      await hydrated(page);
      await page.locator('#results').getByRole('status').getByText(new RegExp(`of ${counted} products?$`)).waitFor();
      const expected = await apiSearch(`${TERM}:relevance:freeFrom:peanuts`);
      assert.equal(expected.pagination.totalResults, counted);
      assert.ok(expected.products.every((product) => ![product.foodMarks.contains, product.foodMarks.mayContain, product.foodMarks.notSupplied].some((list) => list?.includes('peanuts'))), 'every result is declared free from peanuts');
      const hrefs = await cardCodes(page);
      assert.ok(shows(hrefs, free.code), 'the product free from peanuts is listed');
      assert.ok(!shows(hrefs, holding.code), 'the product containing peanuts is not');
      await page.getByRole('link', { name: /Free from: Peanuts/ }).waitFor();
      await assertAccessible(page, `search filtered free from peanuts (${name})`);
    });

    test(`"Hide products ${SITE} avoids" adds and removes the site's avoid filters (${name})`, async () => {
      await setProfile(['peanuts']);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, CHEF.username, { at: `/search/${TERM}/`, account: CHEF });
      const hide = page.getByRole('switch', { name: HIDE });
      await hide.waitFor();
      assert.equal(await hide.getAttribute('aria-checked'), 'false');
      assert.ok(shows(await cardCodes(page), holding.code), 'shown before hiding');
      await hide.click();
      await page.waitForURL(/avoid=peanuts/);
      await hydrated(page);
      await page.getByRole('switch', { name: HIDE, checked: true }).waitFor();
      const hrefs = await cardCodes(page);
      assert.ok(!shows(hrefs, holding.code), 'the product containing peanuts is hidden');
      assert.ok(shows(hrefs, free.code), 'the one free from them stays');
      await assertAccessible(page, `search hiding what the site avoids (${name})`);
      await page.getByRole('switch', { name: HIDE, checked: true }).click();
      await page.waitForURL((url) => !url.search.includes('avoid='));
      await page.getByRole('switch', { name: HIDE, checked: false }).waitFor();
      assert.ok(shows(await cardCodes(page), holding.code), 'shown again');
    });
  }
});
