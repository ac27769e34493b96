import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { signedIn, SOLO } from './journey-support';
import { addUnitsViaApi } from './support/api';
import { operatorApiToken, placeOrderViaApi, reportStatusViaApi } from './support/orders-api';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { apiCall } from './weekly-support';

/** Issue 21: defects a new user met in the shop at 1280 and 390 px, each checked as that user saw it. */
let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const NORTHGATE = { username: 'multi@example.com', shipTo: '0000410004', salesOrg: 'CHIL' } as const;

/** multi@example.com on Northgate: the chill range, several accounts (the switcher shows), a PO required. */
async function signedInNorthgate(page: Page): Promise<void> {
  await shop.signIn(page, NORTHGATE.username);
  const input = page.getByLabel('Account', { exact: true });
  await input.focus();
  await input.press('ArrowDown');
  await page.getByRole('option', { name: /0000410004/ }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.waitForLoadState('networkidle');
}

const focusedIsBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

describe('header', () => {
  test('1280 px: the search field is wide enough to read, and the chill category bar is one line', async () => {
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedInNorthgate(page);
    const search = await page.getByRole('searchbox', { name: 'Search products' }).boundingBox();
    assert.ok(search && search.width >= 200, `search field ${search?.width} px wide`);
    const tops = await page.locator('nav[aria-label="Categories"] > ul > li').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    assert.ok(tops.length >= 8, 'the chill range has its categories');
    assert.equal(new Set(tops).size, 1, `category bar rows at ${[...new Set(tops)].join(', ')}`);
    await page.screenshot({ path: '/tmp/defects-header-1280.png' });
  });

  test('390 px: the header (with the account switcher) leaves the first screen to the products', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await signedInNorthgate(page);
    const category = await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first().getAttribute('href');
    await page.goto(category ?? '/');
    await page.waitForLoadState('networkidle');
    const header = await page.locator('header.site-header').boundingBox();
    assert.ok(header && header.height <= 200, `header ${header?.height} px tall`);
    const search = await page.getByRole('searchbox', { name: 'Search products' }).boundingBox();
    assert.ok(search && search.width >= 200, `search field ${search?.width} px wide`);
    await page.locator('.header-sub .switcher-button').waitFor();
    await page.screenshot({ path: '/tmp/defects-header-390.png' });
  });
});

describe('usual items', () => {
  test('a saved par level becomes the quantity that "Add chosen lines" adds', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [1]);
    const product = order.entries[0]?.product;
    assert.ok(product);
    await apiCall(shop, SOLO, 'DELETE', '/users/current/carts/active').catch(() => undefined);
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: '/account/usual/' });
    const row = page.getByRole('listitem', { name: product.name });
    await row.getByLabel(`Par level of ${product.name}`).fill('7');
    await row.getByRole('button', { name: `Save par level of ${product.name}` }).click();
    await row.getByText('Par level saved').waitFor();
    assert.equal(await page.locator(`#usual-${product.code}-qty`).inputValue(), '7');
    // Only this line is chosen, so the cart shows what was added for it.
    for (const box of await page.getByRole('list', { name: 'Usual items' }).getByRole('checkbox', { checked: true }).all()) {
      if ((await box.getAttribute('aria-label')) !== `Add ${product.name}`) await box.uncheck();
    }
    await page.getByRole('button', { name: 'Add 1 chosen line to cart' }).click();
    await page.getByText(/Added 1 line \(7 cases\)/).waitFor();
    const cart = await apiCall<{ entries: { quantity: number; product: { code: string } }[] }>(shop, SOLO, 'GET', '/users/current/carts/active');
    assert.deepEqual(cart.entries.map((entry) => [entry.product.code, entry.quantity]), [[product.code, 7]]);
  });
});

describe('orders', () => {
  test('the confirmation page shows the delivery instructions', async () => {
    await apiCall(shop, SOLO, 'DELETE', '/users/current/carts/active').catch(() => undefined);
    await addUnitsViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, 1);
    const { deliveryDates } = await apiCall<{ deliveryDates: { date: string }[] }>(shop, SOLO, 'GET', '/users/current/deliverydates');
    await apiCall(shop, SOLO, 'PUT', '/users/current/carts/active', { requestedDeliveryDate: deliveryDates[0]?.date, deliveryInstructions: 'Leave at the back door' });
    const order = await apiCall<{ code: string }>(shop, SOLO, 'POST', '/users/current/orders?cartId=active', undefined, { 'idempotency-key': randomUUID() });
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: `/cart/confirmation/${order.code}/` });
    const facts = page.locator('main dl').first();
    await facts.getByText('Delivery instructions', { exact: true }).waitFor();
    await facts.getByText('Leave at the back door', { exact: true }).waitFor();
  });

  test('cancelling says so, and a cancelled order asks nobody to pay', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [1]);
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: `/account/orders/${order.code}/` });
    assert.equal(await page.getByText('Total to pay', { exact: true }).count(), 1, 'an open order has a total to pay');
    const panel = page.getByRole('region', { name: 'Change this order' });
    await panel.getByRole('button', { name: 'Cancel order' }).click();
    await panel.getByRole('button', { name: 'Yes, cancel order' }).click();
    await page.getByRole('status').filter({ hasText: `Order ${order.code} is cancelled` }).waitFor();
    assert.equal(await page.getByText('Total to pay', { exact: true }).count(), 0);
    await page.locator('main dl').getByText('Total', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/defects-cancelled-390.png', fullPage: true });
  });

  test('an edit refused because the warehouse started picking names the status as customers know it and what to do', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [2]);
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: `/account/orders/${order.code}/edit/` });
    const name = order.entries[0]?.product.name ?? '';
    await page.getByLabel(`Quantity of ${name}`).fill('3');
    const operator = await operatorApiToken(shop);
    await reportStatusViaApi(shop, operator, order.code, { status: 'confirmed' });
    await reportStatusViaApi(shop, operator, order.code, { status: 'picking' });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Save changes' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'can no longer be changed' });
    await refusal.waitFor();
    const text = await refusal.innerText();
    assert.doesNotMatch(text, /is picking/);
    assert.match(text, /being picked/i);
    assert.match(text, /0800 123 4567/);
  });

  test('reorder with a line no longer sold: the report sits under the buttons and Print stays beside Reorder', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [1, 1]);
    const gone = order.entries[0]?.product.code ?? '';
    const operator = await operatorApiToken(shop);
    const setActive = async (active: boolean) => {
      const response = await fetch(`${shop.apiUrl}/admin/v1/products/${gone}/active`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
        body: JSON.stringify({ active }),
      });
      assert.ok(response.ok, `product ${gone} active=${active}: ${response.status}`);
    };
    await setActive(false);
    try {
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await shop.newPage({ viewport });
        await signedIn(shop, page, SOLO.username, { at: `/account/orders/${order.code}/` });
        await page.getByRole('button', { name: `Reorder order ${order.code}` }).click();
        const report = page.getByText('These lines could not be added:');
        await report.waitFor();
        const reorder = await page.getByRole('button', { name: `Reorder order ${order.code}` }).boundingBox();
        const print = await page.getByRole('button', { name: 'Print order' }).boundingBox();
        const message = await report.boundingBox();
        assert.ok(reorder && print && message);
        assert.ok(Math.abs(print.y - reorder.y) < 4, `Print (y ${print.y}) on the row of Reorder (y ${reorder.y}) at ${viewport.width} px`);
        assert.ok(message.y >= reorder.y + reorder.height, `the report (y ${message.y}) under the buttons at ${viewport.width} px`);
        await page.screenshot({ path: `/tmp/defects-reorder-${viewport.width}.png`, fullPage: true });
      }
    } finally {
      await setActive(true);
    }
  });
});

describe('carts', () => {
  test('"Save cart" says where the cart went; Delete does not look like Restore', async () => {
    await apiCall(shop, SOLO, 'DELETE', '/users/current/carts/active').catch(() => undefined);
    await addUnitsViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, 2);
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    const name = `Friday ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Save this cart as').fill(name);
    await page.getByRole('button', { name: 'Save cart' }).click();
    const status = page.getByRole('status').filter({ hasText: `Cart saved as ‘${name}’` });
    await status.waitFor();
    await status.getByRole('link', { name: `‘${name}’` }).waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    const look = (label: string) =>
      card.getByRole('button', { name: new RegExp(`^${label}`) }).evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.color, background: style.backgroundColor };
      });
    const restore = await look('Restore');
    const remove = await look('Delete');
    assert.notDeepEqual(remove, restore, 'Delete and Restore look different');
    assert.equal(remove.color, 'rgb(179, 38, 30)', 'Delete is drawn in the error colour');
    await page.screenshot({ path: '/tmp/defects-saved-carts.png' });
  });

  test('quick order: the added half in the success style, refused lines as errors, the button counts addable lines', async () => {
    await apiCall(shop, SOLO, 'DELETE', '/users/current/carts/active').catch(() => undefined);
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [1]);
    const code = order.entries[0]?.product.code ?? '';
    await apiCall(shop, SOLO, 'DELETE', '/users/current/carts/active').catch(() => undefined);
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username, { at: '/cart/quick-order/' });
    await page.getByLabel('Product code, line 1').fill(code);
    await page.getByLabel('Quantity, line 1').fill('2');
    await page.getByLabel('Product code, line 2').fill('NOSUCH999');
    await page.getByLabel('Quantity, line 2').fill('1');
    await page.getByRole('button', { name: 'Add 2 lines to cart' }).click();
    const added = page.getByRole('status').filter({ hasText: 'Added 1 line (2 cases) to your cart.' });
    await added.waitFor();
    assert.equal(await added.evaluate((element) => getComputedStyle(element).color), 'rgb(30, 107, 58)', 'success colour');
    await page.getByRole('alert').filter({ hasText: '1 line was not added' }).waitFor();
    assert.equal(await page.getByLabel('Product code, line 1').getAttribute('aria-invalid'), 'true');
    await page.getByRole('button', { name: 'Add 0 lines to cart' }).waitFor();
    await page.getByLabel('Product code, line 2').fill(code);
    await page.getByLabel('Quantity, line 2').fill('1');
    await page.getByRole('button', { name: 'Add 1 line to cart' }).waitFor();
  });
});

describe('forms and keyboard', () => {
  test("checkout: a missing PO is the shop's own message at the field, not the browser's bubble", async () => {
    await apiCall(shop, NORTHGATE, 'DELETE', '/users/current/carts/active').catch(() => undefined);
    // Its first chill product comes in at least 3 cases.
    await addUnitsViaApi(shop, NORTHGATE.username, NORTHGATE.shipTo, NORTHGATE.salesOrg, 3);
    const page = await shop.newPage();
    await signedInNorthgate(page);
    await page.goto('/cart/checkout/');
    const po = page.getByLabel('Purchase order number');
    await po.fill('');
    assert.equal(await page.locator('form[aria-labelledby="checkout-details"]').evaluate((form) => (form as HTMLFormElement).noValidate), true);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForFunction(() => document.querySelector('#purchaseOrderNumber')?.getAttribute('aria-invalid') === 'true');
    const describedBy = (await po.getAttribute('aria-describedby')) ?? '';
    const message = await page.evaluate((ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '), describedBy);
    assert.match(message, /Enter a purchase order number/);
    assert.equal(await po.evaluate((element) => element === document.activeElement), true);
    assert.equal(new URL(page.url()).pathname, '/cart/checkout/');
  });

  test('account switcher: Tab from the account field moves to another control of the dialog, never the page body', async () => {
    const page = await shop.newPage();
    await signedInNorthgate(page);
    await page.locator('.header-sub .switcher-button').click();
    const dialog = page.getByRole('dialog', { name: 'Switch accounts' });
    const input = dialog.getByLabel('Account', { exact: true });
    await input.waitFor();
    await input.focus();
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      assert.equal(await focusedIsBody(page), false, `after ${key}`);
      assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]'))), true, `focus stays in the dialog after ${key}`);
    }
  });

  test('a hash-bang typed right after a redirect to / (before the page has hydrated) is still rewritten', async () => {
    const page = await shop.newPage();
    await signedIn(shop, page, SOLO.username);
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/chunks/**', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // Signed in, /login/ redirects to /; the customer then types the legacy address before the scripts arrive.
    await page.goto('/login/', { waitUntil: 'domcontentloaded' });
    assert.equal(new URL(page.url()).pathname, '/');
    await page.evaluate(() => {
      window.location.hash = '#!/account/orders/';
    });
    release();
    await page.waitForURL((url) => url.pathname === '/account/orders/', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'Order history' }).waitFor();
  });
});
