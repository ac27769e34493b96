import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, orderableProducts, setCart, signedIn, SOLO, waitForHeaderUnits } from './journey-support';
import { OFFLINE_NOISE } from './support/offline-noise';
import { PHONE, startShop, type Shop } from './support/shop';

/**
 * Issue 25, installable and offline (docs/phone.md): the web app is installable, pages already seen open from
 * the cache with the "Offline" banner (and the queue's count), an unseen page and checkout say why they do not
 * open, and after a sign-out nothing of the first user's pages is shown to the next one on the same phone.
 */
let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const BUYER = { username: 'buyer@example.com' };
/** Waits until the service worker (registered a moment after load) controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 20_000 });
}

/** The addresses kept for offline use, over every partition. */
async function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('mv-pages-')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls.sort();
  });
}

async function waitUntilKept(page: Page, path: string): Promise<void> {
  for (let i = 0; i < 60; i += 1) {
    if ((await keptPages(page)).includes(path)) return;
    await page.waitForTimeout(250);
  }
  assert.fail(`${path} was never kept; kept: ${(await keptPages(page)).join(', ')}`);
}

test('installable; seen pages (a category too) open offline with the banner, which goes once back online and fresh; unseen ones and checkout say why; sign-out forgets them (390 px)', async () => {
  const [product] = await orderableProducts(shop, SOLO, 1);
  assert.ok(product, 'the demo data has an orderable product');
  await setCart(shop, SOLO, [{ code: product.code, quantity: Math.max(product.minOrderQuantity, 1) }]);
  const page = await shop.newPage({ viewport: PHONE, allowConsoleErrors: OFFLINE_NOISE });
  const context = page.context();

  // Installable: manifest, icons, service worker (Chromium's own check, as the install prompt uses).
  await signedIn(shop, page, SOLO.username);
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // Playwright's contexts are off the record, which alone stops an install ('in-incognito'); nothing else may.
  const errors = installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito');
  await cdp.detach();
  assert.deepEqual(errors, [], 'Chromium finds the shop installable');
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
  assert.equal(manifest.theme_color, '#1f5c4a');
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    assert.equal(png.headers()['content-type'], 'image/png', icon.src);
    const body = await png.body();
    const [width, height] = [body.readUInt32BE(16), body.readUInt32BE(20)];
    assert.equal(`${width}x${height}`, icon.sizes, `${icon.src} is a real PNG of its stated size`);
  }

  // Seen: usual items and a category (page loads) and the product (reached in the app, from the cart's line).
  await page.goto('/category/DAIR-MILK/');
  await page.goto('/account/usual/');
  await page.goto('/cart/');
  await page.locator(`a[href="/product/${product.code}/"]`).first().click();
  await page.waitForURL(`**/product/${product.code}/`);
  await waitUntilKept(page, `/product/${product.code}/`);
  await waitUntilKept(page, '/account/usual/');
  await waitUntilKept(page, '/category/DAIR-MILK/');
  assert.ok(!(await keptPages(page)).some((path) => path.includes('checkout')), 'checkout is never kept');

  // Checkout open when the connection drops: the banner says it needs one.
  await page.goto('/cart/checkout/');
  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await banner.getByText('Offline', { exact: true }).waitFor();
  await banner.getByText('Placing an order needs a connection').waitFor();

  // A seen page opens from the cache, says it is a kept copy, and counts the queue's changes.
  await page.goto('/account/usual/');
  await page.getByRole('heading', { level: 1, name: 'Usual items' }).waitFor();
  await banner.getByText(/copy kept on this device, as it was at \d\d:\d\d/).waitFor();
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mv:queued-changes', { detail: { count: 1 } })));
  await banner.getByText('1 change will be sent when you are back online').waitFor();
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mv:queued-changes', { detail: { count: 3 } })));
  await banner.getByText('3 changes will be sent when you are back online').waitFor();
  await assertAccessible(page, 'usual items offline, from the cache');
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/offline-usual-390.png`, fullPage: false });

  // A category seen online opens offline too; back online, the kept copy is brought up to date (the cart changed
  // meanwhile) and the banner goes.
  await page.goto('/category/DAIR-MILK/');
  const heading = await page.getByRole('heading', { level: 1 }).innerText();
  assert.ok(heading.length > 0);
  await banner.getByText(/copy kept on this device/).waitFor();
  const units = 2 * Math.max(product.minOrderQuantity, 1);
  await setCart(shop, SOLO, [{ code: product.code, quantity: units }]);
  await context.setOffline(false);
  await page.waitForFunction(() => navigator.onLine);
  await banner.waitFor({ state: 'detached' });
  await waitForHeaderUnits(page, units);
  await context.setOffline(true);

  // A page of a kind not kept: the offline page says so, and lists what does open.
  await page.goto('/account/standing-orders/');
  const offline = page.getByTestId('offline-page');
  await offline.waitFor();
  await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
  await page.getByText('Pages of this kind are not kept on this phone').waitFor();
  await page.getByRole('link', { name: heading, exact: true }).waitFor();
  await page.getByRole('link', { name: 'Usual items' }).waitFor();
  await assertAccessible(page, 'the offline page');
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/offline-unseen-390.png`, fullPage: false });
  // Checkout, not open: needs a connection.
  await page.goto('/cart/checkout/');
  await page.getByRole('heading', { level: 1, name: 'This needs a connection' }).waitFor();
  await page.getByText('Placing an order needs a connection').waitFor();

  // Back online, sign out: every kept page is gone before the next user signs in on this phone.
  await context.setOffline(false);
  await page.goto('/account/usual/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/login/');
  assert.deepEqual(await keptPages(page), [], 'sign-out drops the kept pages');

  // The next user signs in on the same phone, through the form, as they would.
  await shop.signIn(page, BUYER.username);
  await controlled(page);
  await context.setOffline(true);
  await page.goto('/account/usual/');
  await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Usual items' }).count(), 0, "the first user's kept page is not offered");
  await context.setOffline(false);
});
