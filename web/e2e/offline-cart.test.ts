import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { userToken } from './support/api';
import { operatorApiToken } from './support/orders-api';
import { OFFLINE_NOISE } from './support/offline-noise';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { assertAccessible, orderableProducts, setCart, signedIn, SOLO, waitForHeaderUnits, type ApiProduct } from './journey-support';

/**
 * docs/phone.md, "The offline cart": cart changes made offline wait in IndexedDB with a key each, the banner's
 * count follows them, they are sent in order on reconnect, a change sent twice counts once, and a refusal stays on
 * its line.
 */
let shop: Shop;
let products: ApiProduct[];
before(async () => {
  shop = await startShop();
  products = (await orderableProducts(shop, SOLO, 40)).filter((product) => product.minOrderQuantity === 1);
  assert.ok(products.length >= 3, 'the demo data has three products without a minimum');
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

/** The queue has learnt whose session this is (a page made online), and records every count it publishes. */
async function queueReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__mvQueuedChanges !== undefined && (window.sessionStorage.getItem('mv:queue-owner') ?? '') !== '');
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __counts: number[] }).__counts = seen;
    window.addEventListener('mv:queued-changes', (event) => seen.push((event as CustomEvent<{ count: number }>).detail.count));
  });
}

const countsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __counts: number[] }).__counts);
const queuedCount = (page: Page) => page.evaluate(() => window.__mvQueuedChanges);

async function cartQuantities(): Promise<Record<string, number>> {
  const token = await userToken(shop, SOLO.username);
  const response = await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current/carts/active?fields=FULL&shipTo=${SOLO.shipTo}&salesOrg=${SOLO.salesOrg}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const cart = (await response.json()) as { entries: { quantity: number; product: { code: string } }[] };
  return Object.fromEntries(cart.entries.map((entry) => [entry.product.code, entry.quantity]));
}

async function setSold(code: string, active: boolean): Promise<void> {
  const token = await operatorApiToken(shop);
  const response = await fetch(`${shop.apiUrl}/admin/v1/products/${encodeURIComponent(code)}/active`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ active }),
  });
  assert.equal(response.status, 200, await response.text());
}

describe('the offline cart', () => {
  test('adds made offline are counted (banner, header), shown in the kept cart, sent in order on reconnect, and a change sent twice counts once (phone)', async () => {
    const product = products[0] as ApiProduct;
    await setCart(shop, SOLO, []);
    const page = await shop.newPage({ viewport: PHONE, allowConsoleErrors: OFFLINE_NOISE });
    await signedIn(shop, page, SOLO.username);
    // The cart seen online is kept for offline use by the service worker.
    await page.goto('/cart/');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 20_000 });
    await page.waitForFunction(async () => {
      for (const name of await caches.keys()) if (name.startsWith('mv-pages-') && (await (await caches.open(name)).match('/cart/'))) return true;
      return false;
    });
    await page.goto(`/product/${product.code}/`);
    await queueReady(page);

    await page.context().setOffline(true);
    const quantity = page.getByLabel('Quantity', { exact: true });
    const add = page.getByRole('button', { name: 'Add to cart' });
    await quantity.fill('3');
    await add.click();
    await page.getByText('You are offline: 3 cases will be added to your cart when you are back online').waitFor();
    await quantity.fill('2');
    await add.click();
    await page.getByText('You are offline: 2 cases will be added to your cart when you are back online').waitFor();
    await page.waitForFunction(() => window.__mvQueuedChanges === 2);
    assert.deepEqual(await countsSeen(page), [1, 2]);
    assert.deepEqual(await cartQuantities(), {}, 'nothing reached the shop while offline');
    await waitForHeaderUnits(page, 5);

    // The cart, opened offline from its kept copy, shows the adds waiting as a line of their own.
    await page.goto('/cart/');
    const waiting = page.getByRole('list', { name: 'Waiting to be added' }).getByRole('listitem');
    await waiting.getByRole('link', { name: product.name }).waitFor();
    await waiting.getByText('Offline: 5 cases will be added when you are back online').waitFor();
    await waitForHeaderUnits(page, 5);
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/offline-cart-pending-390.png` });
    await queueReady(page);

    // The first replay reaches the shop, but its answer is lost on the way back: the change stays queued.
    let dropped: () => void = () => undefined;
    const droppedOnce = new Promise<void>((resolve) => (dropped = resolve));
    let dropping = true;
    await page.route('**/*', async (route) => {
      const request = route.request();
      if (dropping && request.method() === 'POST' && (await request.headerValue('next-action')) && (request.postData() ?? '').includes('"kind":"add"')) {
        dropping = false;
        await route.fetch();
        await route.abort('internetdisconnected');
        dropped();
        return;
      }
      await route.fallback();
    });
    await page.context().setOffline(false);
    await droppedOnce;
    await page.waitForFunction(() => window.__mvQueuedChanges === 2);
    assert.deepEqual(await cartQuantities(), { [product.code]: 3 }, 'the first add was made once');

    // The next reconnect sends it again with its key: the shop answers the first answer and adds nothing.
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await page.waitForFunction(() => window.__mvQueuedChanges === 0);
    await waitForHeaderUnits(page, 5);
    assert.deepEqual(await cartQuantities(), { [product.code]: 5 }, '3 + 2, the first add counted once');
    assert.deepEqual((await countsSeen(page)).slice(-2), [1, 0]);
    // Back online the kept copy is brought up to date, and says so no more.
    await page.getByRole('list', { name: 'Cart lines' }).getByRole('link', { name: product.name }).waitFor();
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('list', { name: 'Waiting to be added' }).count(), 0);
  });

  test('changes made offline on the cart page count in the header, are sent on reconnect; a refusal is shown on its line (desktop)', async () => {
    const [kept, stopped] = [products[1] as ApiProduct, products[2] as ApiProduct];
    await setCart(shop, SOLO, [
      { code: kept.code, quantity: 2 },
      { code: stopped.code, quantity: 2 },
    ]);
    const page = await shop.newPage({ viewport: DESKTOP, allowConsoleErrors: OFFLINE_NOISE });
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    await queueReady(page);
    const line = (product: ApiProduct) =>
      page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').filter({ has: page.locator(`a[href="/product/${product.code}/"]`) });

    await page.context().setOffline(true);
    await line(kept).getByLabel('Quantity', { exact: true }).fill('5');
    await line(kept).getByRole('button', { name: 'Update' }).click();
    await line(kept).getByText('Offline: 5 cases will be sent when you are back online').waitFor();
    await line(stopped).getByLabel('Quantity', { exact: true }).fill('4');
    await line(stopped).getByRole('button', { name: 'Update' }).click();
    await line(stopped).getByText('Offline: 4 cases will be sent when you are back online').waitFor();
    assert.equal(await queuedCount(page), 2);
    await waitForHeaderUnits(page, 9);

    // While the phone was offline, the shop stopped selling one of the products.
    await setSold(stopped.code, false);
    try {
      await page.context().setOffline(false);
      await page.waitForFunction(() => window.__mvQueuedChanges === 0);
      const refusal = line(stopped).getByRole('alert');
      await refusal.getByText(`Not changed to 4 cases (made while offline): ${stopped.name} is no longer sold`).waitFor();
      await waitForHeaderUnits(page, 7);
      assert.equal(await line(kept).getByLabel('Quantity', { exact: true }).inputValue(), '5');
      assert.equal(await line(stopped).getByLabel('Quantity', { exact: true }).inputValue(), '2', 'the box shows the cart as it is');
      assert.equal(await line(kept).getByRole('alert').count(), 0, 'the change that was made shows no message');
      assert.deepEqual(await cartQuantities(), { [kept.code]: 5, [stopped.code]: 2 });
      await assertAccessible(page, 'the cart with a refused offline change');

      await refusal.getByRole('button', { name: `Dismiss the message about ${stopped.name}` }).click();
      await refusal.waitFor({ state: 'detached' });
    } finally {
      await setSold(stopped.code, true);
    }
  });
});
