import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, setCart, signedIn, tabTo, WIDTHS, type ApiProduct } from './journey-support';
import { userToken } from './support/api';
import { startShop, type Shop } from './support/shop';
import { foodMarksSchema, type FoodMarks } from '../src/lib/food/food-schemas';

/**
 * A site's allergen profile (docs/food-information.md): a company admin sets what Harbour Café – Quayside avoids,
 * its buyer reads it, is asked before adding a product holding it, and sees it listed at checkout; at both widths.
 */
const SITE = 'Harbour Café – Quayside';
const ADMIN = { username: 'head@example.com', shipTo: '0000410002', salesOrg: 'DAIR' } as const;
const BUYER = { username: 'buyer@example.com', shipTo: '0000410002', salesOrg: 'DAIR' } as const;
const WARNING = `May contain peanuts — ${SITE} avoids it`;

let shop: Shop;
let peanutProduct: FoodProduct;
let plainProduct: FoodProduct;

/** As the API answers it: the marks leave empty lists out, so they are read through the storefront's schema. */
interface FoodProduct extends ApiProduct {
  foodMarks: unknown;
}

/** The first orderable product of the buyer's range whose marks satisfy `wanted` (the demo catalogue's food data). */
async function findProduct(wanted: (marks: FoodMarks) => boolean): Promise<FoodProduct> {
  const token = await userToken(shop, BUYER.username);
  for (let page = 0; page < 50; page += 1) {
    const response = await fetch(
      `${shop.apiUrl}/occ/v2/b2b/products/search?query=${encodeURIComponent(':name-asc')}&pageSize=100&currentPage=${page}&shipTo=${BUYER.shipTo}&salesOrg=${BUYER.salesOrg}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    assert.equal(response.status, 200, await response.clone().text());
    const body = (await response.json()) as { products: FoodProduct[]; pagination: { totalPages: number } };
    const found = body.products.find((product) => product.stock.stockLevelStatus !== 'outOfStock' && wanted(foodMarksSchema.parse(product.foodMarks)));
    if (found) return found;
    if (page + 1 >= body.pagination.totalPages) break;
  }
  throw new Error('no product of the demo catalogue fits');
}

/** The site's profile set straight through the API, as the test's starting point. */
async function setProfile(avoids: string[]): Promise<void> {
  const token = await userToken(shop, ADMIN.username);
  const response = await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current/allergenprofile?shipTo=${ADMIN.shipTo}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ avoids }),
  });
  assert.equal(response.status, 200, await response.clone().text());
}

before(async () => {
  shop = await startShop();
  // The demo catalogue's chocolate pots and their like may contain peanuts (api/src/seed/food-data.ts); the plain milks hold none.
  [peanutProduct, plainProduct] = await Promise.all([
    findProduct((marks) => marks.mayContain.includes('peanuts') && !marks.contains.includes('peanuts')),
    findProduct((marks) => !marks.contains.includes('peanuts') && !marks.mayContain.includes('peanuts') && marks.contains.length > 0),
  ]);
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const statusOf = (page: Page) => page.getByRole('status').filter({ hasText: /Saved|Add|cart/ });

describe('allergen profile', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`a company admin sets what the site avoids with the keyboard (${name})`, async () => {
      await setProfile([]);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, ADMIN.username, { at: '/account/allergens/', account: ADMIN });
      await page.getByRole('heading', { level: 1, name: 'Allergen profile' }).waitFor();
      const boxes = page.getByRole('group', { name: `Allergens ${SITE} avoids` }).getByRole('checkbox');
      assert.equal(await boxes.count(), 14);
      // Counted inside the form: the shell has boxes of its own.
      assert.equal(await page.getByRole('group', { name: `Allergens ${SITE} avoids` }).getByRole('checkbox', { checked: true }).count(), 0);
      const peanuts = page.getByRole('checkbox', { name: 'Peanuts', exact: true });
      await tabTo(page, peanuts);
      await page.keyboard.press('Space');
      assert.equal(await peanuts.isChecked(), true);
      await assertAccessible(page, `/account/allergens/ admin (${name})`);
      await page.screenshot({ path: `/tmp/allergen-profile-${name}.png`, fullPage: true });
      await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
      await page.keyboard.press('Enter');
      await statusOf(page).filter({ hasText: `Saved. ${SITE} avoids peanuts.` }).waitFor();
      // The boxes stay as saved, and the page reads the same list after a reload.
      await page.reload();
      await page.getByRole('checkbox', { name: 'Peanuts', exact: true, checked: true }).waitFor();
      assert.equal(await page.getByRole('group', { name: `Allergens ${SITE} avoids` }).getByRole('checkbox', { checked: true }).count(), 1);
    });

    test(`a buyer reads the profile, is asked before adding a product holding it, and sees it at checkout (${name})`, async () => {
      await setProfile(['peanuts']);
      await setCart(shop, BUYER, []);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, BUYER.username, { at: '/account/allergens/', account: BUYER });
      await page.getByRole('heading', { level: 1, name: 'Allergen profile' }).waitFor();
      assert.deepEqual(await page.getByRole('list', { name: `Allergens ${SITE} avoids` }).getByRole('listitem').allInnerTexts(), ['Peanuts']);
      assert.equal(await page.getByRole('main').getByRole('checkbox').count(), 0, 'read-only for a buyer');
      await page.getByText('Only a company admin of your company can change this list').waitFor();
      await assertAccessible(page, `/account/allergens/ buyer (${name})`);

      await page.goto(`/product/${peanutProduct.code}/`);
      await page.getByRole('heading', { level: 1, name: peanutProduct.name }).waitFor();
      const form = page.getByRole('form', { name: `Add ${peanutProduct.name} to cart` });
      const add = form.getByRole('button', { name: 'Add to cart' });
      await tabTo(page, add);
      await page.keyboard.press('Enter');
      const question = form.getByRole('group', { name: `${WARNING}. Add it anyway?` });
      await question.waitFor();
      // The safe answer has focus: Enter again cancels, and focus goes back to Add to cart.
      assert.equal(await question.getByRole('button', { name: 'Cancel' }).evaluate((element) => element === document.activeElement), true);
      await assertAccessible(page, `product page asking (${name})`);
      await page.screenshot({ path: `/tmp/allergen-confirm-${name}.png`, fullPage: true });
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'detached' });
      assert.equal(await add.evaluate((element) => element === document.activeElement), true);
      assert.equal(await form.getByRole('status').innerText(), '', 'nothing was added');

      await page.keyboard.press('Enter');
      await question.waitFor();
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });

      await add.click();
      await question.getByRole('button', { name: 'Add anyway' }).click();
      await form.getByRole('status').filter({ hasText: /^Added .* to your cart$/ }).waitFor();

      await page.goto('/cart/checkout/');
      const notice = page.getByRole('region', { name: 'Check these products before you order' });
      await notice.waitFor();
      const line = notice.getByRole('list', { name: `Products ${SITE} avoids` }).getByRole('listitem');
      assert.equal(await line.count(), 1);
      const text = await line.innerText();
      assert.match(text, new RegExp(peanutProduct.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      assert.match(text, new RegExp(WARNING));
      // Above Place order.
      const [noticeBox, placeBox] = await Promise.all([notice.boundingBox(), page.getByRole('button', { name: 'Place order' }).boundingBox()]);
      assert.ok(noticeBox && placeBox && noticeBox.y + noticeBox.height <= placeBox.y, 'the notice is above Place order');
      await assertAccessible(page, `/cart/checkout/ with an avoided product (${name})`);
      await page.screenshot({ path: `/tmp/allergen-checkout-${name}.png`, fullPage: true });
    });
  }

  test('a product holding nothing the site avoids is added without a question, and checkout lists nothing', async () => {
    await setProfile(['peanuts']);
    await setCart(shop, BUYER, []);
    const page = await shop.newPage();
    await signedIn(shop, page, BUYER.username, { at: `/product/${plainProduct.code}/`, account: BUYER });
    const form = page.getByRole('form', { name: `Add ${plainProduct.name} to cart` });
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await form.getByRole('status').filter({ hasText: /^Added .* to your cart$/ }).waitFor();
    assert.equal(await form.getByRole('group').count(), 0);
    await page.goto('/cart/checkout/');
    await page.getByRole('button', { name: 'Place order' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Check these products before you order' }).count(), 0);
  });
});
