import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { orderableProducts, setCart, signedIn, SOLO, waitForHeaderUnits, type ApiProduct } from './journey-support';
import { apiCall, placeOrder, scrollsSideways, setApiClock } from './weekly-support';

let shop: Shop;
let single: ApiProduct[];
let minimum: ApiProduct;
let soldOut: { code: string; name: string; minOrderQuantity: number };

before(async () => {
  shop = await startShop({ apiEnv: { TEST_CLOCK_CONTROL: 'true' } });
  const products = await orderableProducts(shop, SOLO, 60);
  // Distinct names, so each product's controls are named apart.
  single = products.filter((product, index, all) => product.minOrderQuantity === 1 && all.findIndex((other) => nameOf(other) === nameOf(product)) === index);
  const withMinimum = products.find((product) => product.minOrderQuantity > 1);
  const search = await apiCall<{ products: (ApiProduct & { name: string })[] }>(shop, SOLO, 'GET', '/products/search?query=:name-asc&pageSize=100');
  const outOfStock = search.products.find((product) => product.stock.stockLevelStatus === 'outOfStock');
  assert.ok(single.length >= 4 && withMinimum && outOfStock, 'the demo data has the products these tests need');
  minimum = withMinimum;
  soldOut = outOfStock;
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const nameOf = (product: ApiProduct) => (product as ApiProduct & { name: string }).name;
const usualRow = (page: Page, name: string) => page.getByRole('list', { name: 'Usual items' }).getByRole('listitem').filter({ hasText: name });

describe('usual items', () => {
  test('on a phone: from the menu, prefilled steppers, par level, filter, one button adds every chosen line, greyed lines kept', async () => {
    const [a, b] = single as [ApiProduct, ApiProduct];
    await setCart(shop, SOLO, []);
    await placeOrder(shop, SOLO, [{ code: a.code, quantity: 3 }, { code: b.code, quantity: 2 }, { code: soldOut.code, quantity: soldOut.minOrderQuantity }]);
    await placeOrder(shop, SOLO, [{ code: a.code, quantity: 5 }]);
    await setCart(shop, SOLO, []);

    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'My account' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Usual items' }).click();
    await page.waitForURL('**/account/usual/');
    await page.getByRole('heading', { level: 1, name: 'Usual items' }).waitFor();

    const rows = page.getByRole('list', { name: 'Usual items' }).getByRole('listitem');
    assert.equal(await rows.count(), 3);
    assert.match(await rows.first().innerText(), new RegExp(nameOf(a)), 'most often ordered first');
    assert.equal(await page.getByLabel(`Quantity of ${nameOf(a)}`).inputValue(), '3', 'the median of 3 and 5 (the lower middle)');
    assert.match(await usualRow(page, nameOf(a)).innerText(), /Ordered 2 times/);
    assert.equal(await page.getByLabel(`Quantity of ${nameOf(b)}`).inputValue(), '2');
    const greyed = usualRow(page, soldOut.name);
    assert.match(await greyed.innerText(), /Out of stock/);
    assert.equal(await greyed.getAttribute('data-unavailable'), '');
    assert.equal(await greyed.getByRole('checkbox').isDisabled(), true);
    assert.equal(await scrollsSideways(page), false);

    // The kitchen keeps 6 of b: the stepper starts there from now on.
    await page.getByLabel(`Par level of ${nameOf(b)}`).fill('6');
    await usualRow(page, nameOf(b)).getByRole('button', { name: /^Save/ }).click();
    await usualRow(page, nameOf(b)).getByText('Par level saved').waitFor();
    await page.reload();
    assert.equal(await page.getByLabel(`Quantity of ${nameOf(b)}`).inputValue(), '6');

    await page.getByLabel('Filter your usual items').fill(nameOf(b).slice(0, 12));
    assert.equal(await rows.count(), 1);
    await page.getByLabel('Filter your usual items').fill('');
    assert.equal(await rows.count(), 3);

    await page.getByRole('button', { name: `One more ${nameOf(a)}` }).click();
    assert.equal(await page.getByLabel(`Quantity of ${nameOf(a)}`).inputValue(), '4');
    await page.getByRole('button', { name: 'Add 2 chosen lines to cart' }).click();
    await page.getByText('Added 2 lines (10 cases) to your cart.').waitFor();
    await waitForHeaderUnits(page, 10);
  });

  test('the home page shows the top usual items with one-tap add', async () => {
    await setCart(shop, SOLO, []);
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username, { at: '/' });
    const section = page.getByRole('region', { name: 'Your usual items' });
    await section.waitFor();
    const [a] = single as [ApiProduct];
    await section.getByRole('button', { name: `Add 3 ${nameOf(a)}` }).click();
    await waitForHeaderUnits(page, 3);
    await section.getByRole('link', { name: 'All your usual items' }).waitFor();
  });
});

describe('quick order', () => {
  test('typed, pasted and uploaded lines; bad lines listed with line numbers and kept; Export CSV round-trips', async () => {
    const [a, b, c] = single as [ApiProduct, ApiProduct, ApiProduct];
    await setCart(shop, SOLO, []);
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    await page.getByRole('link', { name: 'Quick order' }).first().click();
    await page.waitForURL('**/cart/quick-order/');
    await page.getByRole('heading', { level: 1, name: 'Quick order' }).waitFor();

    // Typed: the product shows once the code is recognised.
    await page.getByLabel('Product code, line 1', { exact: true }).fill(a.code);
    await page.getByLabel('Quantity, line 1', { exact: true }).fill('2');
    await page.getByRole('list', { name: 'Quick order lines' }).getByText(nameOf(a)).waitFor();

    // Pasted from a spreadsheet: a header row, tabs, a bad code and a bad quantity.
    await page.getByLabel(/One product per line/).fill(`Product code\tQuantity\n${b.code}\t4\nNOPE-42\t1\n${c.code}\tlots\n`);
    await page.getByRole('button', { name: 'Add pasted lines to the list' }).click();
    await page.getByText('3 lines added to the list.').waitFor();

    // Uploaded CSV: one below the minimum, and a again (adds up).
    await page.getByLabel(/The same format/).setInputFiles({
      name: 'order.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`code,qty\n${minimum.code},1\n${a.code},1\n`),
    });
    await page.getByText('2 lines added to the list.').waitFor();
    await page.getByLabel('Product code, line 6', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add 6 lines to cart' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 2 lines (7 cases) to your cart.' }).waitFor();
    const problems = await page.getByRole('alert').filter({ hasText: 'lines were not added' }).innerText();
    assert.match(problems, /Line 1 \(pasted line 3\): There is no product with the code NOPE-42/);
    assert.match(problems, /Line 2 \(pasted line 4\): .*whole number/);
    assert.match(problems, new RegExp(`Line 3 \\(file line 2\\): .*at least ${minimum.minOrderQuantity} cases`));
    // The refused lines stay, as typed, to be fixed.
    assert.equal(await page.getByLabel('Product code, line 1', { exact: true }).inputValue(), 'NOPE-42');
    assert.equal(await page.getByLabel('Quantity, line 2', { exact: true }).inputValue(), 'lots');
    await waitForHeaderUnits(page, 7);

    await page.getByLabel('Quantity, line 2', { exact: true }).fill('1');
    await page.getByLabel('Quantity, line 3', { exact: true }).fill(String(minimum.minOrderQuantity));
    await page.getByRole('button', { name: 'Remove line 1' }).click();
    await page.getByRole('button', { name: 'Add 2 lines to cart' }).click();
    await page.getByText(`Added 2 lines (${1 + minimum.minOrderQuantity} cases) to your cart.`).waitFor();
    await waitForHeaderUnits(page, 8 + minimum.minOrderQuantity);

    // Garbage and an over-long list get a clear message, and nothing is loaded.
    await page.getByLabel(/The same format/).setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1a, 0xff, 0xfe]) });
    await page.getByText('This does not look like a list of product codes and quantities.', { exact: false }).waitFor();
    // 5,000 lines pasted straight into a code box, as from a spreadsheet's whole column.
    const long = Array.from({ length: 5000 }, (_, index) => `${a.code}\t${(index % 9) + 1}`).join('\n');
    await page.getByLabel('Product code, line 1', { exact: true }).evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, long);
    await page.getByText('A quick order takes at most 500 lines; this has 5,000.', { exact: false }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Quick order lines' }).getByRole('listitem').count(), 1);

    // Export CSV from the cart, then read it back in: the cart's quantities double.
    await page.goto('/cart/');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    assert.match(csv, /^Product code,Quantity,Name,Brand,Pack size,Unit price\r\n/);
    assert.match(csv, new RegExp(`\\r\\n${a.code},3,`));
    await page.goto('/cart/quick-order/');
    await page.getByLabel(/The same format/).setInputFiles({ name: 'cart.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('4 lines added to the list.').waitFor();
    await page.getByRole('button', { name: 'Add 4 lines to cart' }).click();
    await page.getByText('Added 4 lines').waitFor();
    await waitForHeaderUnits(page, 2 * (8 + minimum.minOrderQuantity));
  });
});

describe('cut-off countdown', () => {
  test('counts down in the header and the cart, is highlighted under an hour, moves on at the cut-off; checkout preselects the date', async () => {
    // Solo's ship-to takes dairy on Tuesdays and Fridays, ordered by 14:00 London the working day before.
    const start = new Date('2026-11-30T12:59:00Z');
    await setApiClock(shop, start);
    try {
      await setCart(shop, SOLO, [{ code: (single[0] as ApiProduct).code, quantity: 1 }]);
      const page = await shop.newPage({ viewport: DESKTOP });
      await page.clock.install({ time: start });
      await signedIn(shop, page, SOLO.username, { at: '/cart/' });
      const header = page.locator('header [data-testid="cutoff-countdown"]');
      const cart = page.locator('main [data-testid="cutoff-countdown"]');
      await header.getByText('Order within 1 h 1 min for delivery on Tue 1 Dec').waitFor();
      await cart.getByText('Order within 1 h 1 min for delivery on Tue 1 Dec').waitFor();
      assert.equal(await header.getAttribute('data-urgent'), null);

      await page.clock.fastForward(2 * 60_000);
      await header.getByText('Order within 59 min for delivery on Tue 1 Dec').waitFor();
      assert.equal(await header.getAttribute('data-urgent'), '');

      await page.goto('/cart/checkout/');
      assert.equal(await page.getByLabel('Delivery date').inputValue(), '2026-12-01');

      await setApiClock(shop, new Date('2026-11-30T14:00:30Z'));
      // Past 14:00 the first open date is Friday's (cut-off Thursday 14:00): 2 days, 23 hours and some minutes.
      await page.clock.fastForward(60 * 60_000);
      await header.getByText('Order within 2 d 23 h for delivery on Fri 4 Dec').waitFor();
      assert.equal(await header.getAttribute('data-urgent'), null);
      await page.reload();
      assert.equal(await page.getByLabel('Delivery date').inputValue(), '2026-12-04');

      const phone = await shop.newPage({ viewport: PHONE });
      await phone.clock.install({ time: new Date('2026-11-30T14:01:30Z') });
      await signedIn(shop, phone, SOLO.username, { at: '/cart/' });
      await phone.locator('header [data-testid="cutoff-countdown"]').getByText('2 d 23 h left · Fri 4 Dec').waitFor();
      assert.equal(await phone.locator('header').getByText('Order within').isVisible(), false, 'compact on a phone');
      assert.equal(await scrollsSideways(phone), false);
    } finally {
      await setApiClock(shop, null);
    }
  });
});

describe('product facts where decisions are made', () => {
  test('listing cards, cart lines and checkout lines show brand, code, pack size, storage and shelf life', async () => {
    const [a] = single as [ApiProduct];
    const detail = await apiCall<{ brand: string; packSize: string; storageText: string; shelfLifeDays: number }>(shop, SOLO, 'GET', `/products/${a.code}`);
    const facts = [detail.brand, a.code, detail.packSize, detail.storageText, `Shelf life ${detail.shelfLifeDays} day`];
    await setCart(shop, SOLO, [{ code: a.code, quantity: 2 }]);
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    const line = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').first();
    const lineText = await line.innerText();
    for (const fact of facts) assert.ok(lineText.includes(fact), `cart line shows ${fact}: ${lineText}`);
    await page.goto('/cart/checkout/');
    const summary = await page.getByRole('complementary', { name: 'Order summary' }).innerText();
    for (const fact of [detail.brand, a.code, detail.packSize]) assert.ok(summary.includes(fact), `checkout shows ${fact}`);
    await page.goto(`/search/${encodeURIComponent(a.code)}/`);
    await page.getByRole('button', { name: 'Grid' }).click();
    const card = page.locator('article').filter({ hasText: nameOf(a) }).first();
    const cardText = await card.innerText();
    for (const fact of [detail.brand, a.code, detail.packSize, detail.storageText, `${detail.shelfLifeDays} day`]) assert.ok(cardText.includes(fact), `card shows ${fact}`);
  });
});

describe('compact list view', () => {
  test('at 390 px: at least 8 products on the screen, steppers add, remembered per customer', async () => {
    await setCart(shop, SOLO, []);
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: '/search/milk/' });
    await page.getByRole('button', { name: 'List' }).click();
    const rows = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    await page.getByRole('button', { name: 'List', pressed: true }).waitFor();
    await rows.first().waitFor();
    await rows.first().evaluate((row) => row.scrollIntoView({ block: 'start' }));
    const visible = await rows.evaluateAll((items) => items.filter((item) => {
      const box = item.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }).length);
    assert.ok(visible >= 8, `${visible} rows fully on a 390 x 844 screen`);
    assert.equal(await scrollsSideways(page), false);
    const first = rows.first();
    const text = await first.innerText();
    assert.match(text, /·.*·.*·/, 'brand, code, pack, storage and shelf life');
    assert.match(text, /Shelf life \d+ days?/);

    await first.getByRole('button', { name: /^One more / }).click();
    await first.getByRole('button', { name: /^One more / }).click();
    const quantity = await first.getByRole('textbox').inputValue();
    await first.getByRole('button', { name: /^Add/ }).click();
    await waitForHeaderUnits(page, Number(quantity));

    await page.reload();
    await page.getByRole('button', { name: 'List', pressed: true }).waitFor();
    await page.goto('/category/DAIR-MILK/');
    await page.getByRole('button', { name: 'List', pressed: true }).waitFor();

    // Another customer in the same browser keeps their own choice.
    await page.context().clearCookies({ name: 'mv_session' });
    await shop.signIn(page, 'multi@example.com');
    const account = page.getByLabel('Account', { exact: true });
    await account.focus();
    await account.press('ArrowDown');
    await page.getByRole('option', { name: /0000410002/ }).click();
    await page.getByRole('button', { name: 'Order Dairy' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/search/milk/');
    await page.getByRole('button', { name: 'Grid', pressed: true }).waitFor();
  });
});
