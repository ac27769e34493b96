import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { orderableProducts, SOLO } from './journey-support';
import { revokeAtApi } from './support/api';
import { startShop, type Shop } from './support/shop';

/** Access tokens live 3 s here, so every step past a short wait exercises refresh (docs/storefront-requirements.md §4 token handling). */
const TTL_SECONDS = 3;
let shop: Shop;
before(async () => {
  shop = await startShop({ accessTokenTtlSeconds: TTL_SECONDS });
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const waitPastExpiry = () => new Promise((resolveWait) => setTimeout(resolveWait, TTL_SECONDS * 1000 + 500));

describe('session tokens', () => {
  test('an expired access token is refreshed and the user stays signed in', async () => {
    const page = await shop.newPage();
    await shop.signIn(page, 'solo@example.com');
    const first = await shop.sessionTokens(page);
    assert.ok(first);
    await waitPastExpiry();
    await page.goto('/account/');
    assert.equal(new URL(page.url()).pathname, '/account/');
    await page.getByRole('button', { name: 'Sign out' }).first().waitFor();
    const second = await shop.sessionTokens(page);
    assert.ok(second);
    assert.notEqual(second.accessToken, first.accessToken);
    assert.notEqual(second.refreshToken, first.refreshToken, 'the refresh token was rotated');
    assert.ok(second.expiresAt > first.expiresAt);
  });

  test('concurrent requests share one refresh and none is signed out', async () => {
    const page = await shop.newPage();
    await shop.signIn(page, 'solo@example.com');
    const before = await shop.sessionTokens(page);
    await waitPastExpiry();
    const context = page.context();
    const tabs = await Promise.all([1, 2, 3, 4].map(() => context.newPage()));
    await Promise.all(tabs.map((tab) => tab.goto(`${shop.baseUrl}/account/`)));
    for (const tab of tabs) assert.equal(new URL(tab.url()).pathname, '/account/');
    const afterRefresh = await shop.sessionTokens(page);
    assert.ok(before && afterRefresh);
    assert.notEqual(afterRefresh.refreshToken, before.refreshToken);
    // The rotated refresh token still works: the API did not see a reuse and revoke the sign-in.
    await waitPastExpiry();
    await page.goto('/account/');
    assert.equal(new URL(page.url()).pathname, '/account/');
  });

  test('a failed refresh ends the session: SessionExpired toast, sign-in page, and the way back', async () => {
    const page = await shop.newPage();
    await shop.signIn(page, 'solo@example.com');
    const tokens = await shop.sessionTokens(page);
    assert.ok(tokens);
    await revokeAtApi(shop, tokens.refreshToken);
    await waitPastExpiry();
    const logged = page.waitForResponse((response) => response.url().endsWith('/api/log/') && response.request().method() === 'POST');
    await page.goto('/account/orders/');
    const url = new URL(page.url());
    assert.equal(url.pathname, '/login/');
    assert.equal(url.searchParams.get('next'), '/account/orders/');
    const toast = page.getByRole('alert').filter({ hasText: 'Your session has expired' });
    await toast.waitFor();
    assert.match(await toast.innerText(), /Please login again/);
    assert.equal((await logged).status(), 204, 'the error toast reached the API log');
    assert.equal(await shop.sessionTokens(page), undefined, 'the session cookie was cleared');
    await page.getByLabel('Email address').fill('solo@example.com');
    await page.getByLabel('Password').fill('Meadowvale-demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((next) => next.pathname === '/account/orders/');
  });

  test('signed out elsewhere: a Server Action that redirects to sign-in is followed, not shown as a network error', async () => {
    const [product] = await orderableProducts(shop, SOLO, 1);
    assert.ok(product);
    const page = await shop.newPage();
    await shop.signIn(page, SOLO.username);
    await page.goto('/cart/quick-order/');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Product code, line 1', { exact: true }).fill(product.code);
    await page.getByLabel('Quantity, line 1', { exact: true }).fill(String(product.minOrderQuantity));
    await page.getByRole('list', { name: 'Quick order lines' }).getByText(product.name).waitFor();
    await page.context().clearCookies({ name: 'mv_session' });
    await page.getByRole('button', { name: 'Add 1 line to cart' }).click();
    await page.waitForURL((url) => url.pathname === '/login/');
    await page.getByLabel('Email address').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByRole('alert').filter({ hasText: 'Temporary network error' }).count(), 0, 'the redirect was not taken for a network failure');
  });

  test('SessionExpired is never de-duplicated: each expiry shows its toast', async () => {
    const page = await shop.newPage();
    for (let round = 0; round < 2; round += 1) {
      await shop.signIn(page, 'solo@example.com');
      const tokens = await shop.sessionTokens(page);
      assert.ok(tokens);
      await revokeAtApi(shop, tokens.refreshToken);
      await waitPastExpiry();
      await page.goto('/account/');
      await page.getByRole('alert').filter({ hasText: 'Your session has expired' }).first().waitFor();
    }
  });

  test('an API outage at refresh time keeps the session: the outage is shown, and the page works once the API is back', async () => {
    const page = await shop.newPage({ allowConsoleErrors: [/Failed to load resource/, /503/] });
    await shop.signIn(page, 'solo@example.com');
    let held: string | undefined;
    await shop.withApiDown(async () => {
      held = (await shop.sessionTokens(page))?.refreshToken;
      assert.ok(held);
      await waitPastExpiry();
      await page.goto('/account/orders/');
      assert.equal(new URL(page.url()).pathname, '/account/orders/', 'not sent to sign-in');
      await page.getByRole('alert').filter({ hasText: 'Temporary network error' }).first().waitFor();
      assert.equal((await shop.sessionTokens(page))?.refreshToken, held, 'the session cookie kept its tokens');
    });
    await page.goto('/account/orders/');
    assert.equal(new URL(page.url()).pathname, '/account/orders/');
    await page.getByRole('heading', { name: 'Order history' }).waitFor();
    const after = await shop.sessionTokens(page);
    assert.ok(after);
    assert.notEqual(after.refreshToken, held, 'refreshed once the API answered again');
  });
});
