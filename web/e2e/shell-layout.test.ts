import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { signedIn } from './journey-support';
import { addUnitsViaApi } from './support/api';
import { operatorApiToken, placeOrderViaApi } from './support/orders-api';
import { sealedSignIn } from './support/session';
import { DESKTOP, PHONE, startShop, titleOf, type Shop } from './support/shop';

let shop: Shop;
before(async () => {
  shop = await startShop({ webEnv: { E2E_HOOKS: '1' } });
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const isFocused = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => element === document.activeElement);

async function acceptCookies(page: Page) {
  await page.getByRole('button', { name: 'Necessary only' }).click();
}

describe('header and footer', () => {
  test('signed out: About us and Help; footer without the Help block', async () => {
    const page = await shop.newPage();
    await page.goto('/about/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.deepEqual((await nav.innerText()).split('\n').map((line) => line.trim()).filter(Boolean), ['About us', 'Help']);
    assert.equal(await page.getByRole('search').count(), 0);
    const footer = page.locator('footer');
    const text = await footer.innerText();
    for (const fact of ['Mon-Fri 9am-5pm', '0800 123 4567', 'orders@meadowvale.example', 'Cookie policy', 'Cookie settings', 'Privacy', 'Terms']) {
      assert.ok(text.includes(fact), fact);
    }
    assert.match(text, new RegExp(`© ${new Date().getFullYear()} Meadowvale Foods`));
    assert.equal(await footer.getByRole('link', { name: 'FAQs' }).count(), 0);
  });

  test('signed in: search, Offers, Order history, My account menu, Sign out, cart with count, Checkout disabled at 0', async () => {
    const page = await shop.newPage();
    await sealedSignIn(shop, page, 'solo@example.com');
    await page.goto('/about/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Order history' }).waitFor();
    await nav.getByRole('link', { name: 'Quick order' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Offers' }).getAttribute('href'), '/offers/');
    await page.locator('.header-search form').first().waitFor();
    const account = nav.getByRole('button', { name: 'My account' });
    await account.click();
    assert.equal(await account.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(await nav.locator('.menu-list a').allInnerTexts(), ['Usual items', 'Saved carts', 'Standing orders', 'Invoices', 'Credits', 'Allergen profile', 'Substitutes', 'User details']);
    await page.keyboard.press('Escape');
    assert.equal(await account.getAttribute('aria-expanded'), 'false');
    assert.equal(await account.evaluate((element) => element === document.activeElement), true);
    assert.match(await page.getByTestId('cart-link').innerText(), /0 items/);
    assert.equal(await page.getByRole('button', { name: 'Checkout' }).isDisabled(), true);
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'FAQs' }).waitFor();
    await footer.getByRole('link', { name: 'Video Guide' }).waitFor();
  });

  test('cart count: "item" for one, Checkout goes to the cart, and from a cart page to checkout', async () => {
    await addUnitsViaApi(shop, 'solo@example.com', '0000410001', 'DAIR', 1);
    const page = await shop.newPage();
    await sealedSignIn(shop, page, 'solo@example.com');
    await page.goto('/about/');
    assert.equal(await page.locator('.cart-count-number').innerText(), '1');
    assert.equal(await page.locator('.cart-link-text').innerText(), '1 item');
    assert.match((await page.getByTestId('cart-count').textContent()) ?? '', /^1 item in cart$/);
    const checkout = page.getByRole('link', { name: 'Checkout', exact: true });
    assert.equal(new URL((await checkout.getAttribute('href')) ?? '', shop.baseUrl).pathname, '/cart/');
    await page.goto('/cart/');
    assert.equal(new URL((await page.getByRole('link', { name: 'Checkout', exact: true }).getAttribute('href')) ?? '', shop.baseUrl).pathname, '/cart/checkout/');
  });

  test('a count above 999 is visually hidden but still read out', async () => {
    const units = await addUnitsViaApi(shop, 'solo@example.com', '0000410001', 'DAIR', 1000);
    assert.ok(units > 999);
    const page = await shop.newPage();
    await signedIn(shop, page, 'solo@example.com');
    const count = page.getByTestId('cart-count');
    const number = count.locator('span').first();
    assert.equal(await number.getAttribute('class'), 'visually-hidden');
    const box = await number.boundingBox();
    assert.ok(box && box.width <= 1 && box.height <= 1, 'the number takes no visible space');
    assert.equal(await page.locator('.cart-link-text').innerText(), 'Cart');
    assert.equal(await number.textContent(), String(units));
    assert.match((await count.textContent()) ?? '', /items in cart/);
  });
});

describe('mobile menu (390 px)', () => {
  test('signed out: a slide-in modal with About us and Help; closes in 300 ms and gives focus back', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await page.goto('/about/');
    await acceptCookies(page);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    assert.deepEqual(
      (await menu.getByRole('navigation').innerText()).split('\n').map((line) => line.trim()).filter(Boolean),
      ['About us', 'Help'],
    );
    await menu.getByRole('button', { name: 'Close' }).click();
    assert.match((await menu.getAttribute('class')) ?? '', /closing/, 'the close animation runs first');
    await page.waitForTimeout(150);
    assert.equal(await menu.isVisible(), true, 'still sliding out at 150 ms');
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await menuButton.evaluate((element) => element === document.activeElement), true);
  });

  test("signed in: collapsible 'Shop {range}' and My account, Order history, Sign out", async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, 'solo@example.com');
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const shopRange = menu.getByRole('button', { name: 'Shop Dairy' });
    assert.equal(await shopRange.getAttribute('aria-expanded'), 'false');
    await shopRange.click();
    assert.equal(await shopRange.getAttribute('aria-expanded'), 'true');
    assert.ok((await menu.locator('.disclosure-panel a').count()) > 3, 'categories are listed');
    const account = menu.getByRole('button', { name: 'My account' });
    await account.click();
    await menu.getByRole('link', { name: 'Saved Carts' }).waitFor();
    await menu.getByRole('link', { name: 'User details' }).waitFor();
    await menu.getByRole('link', { name: 'Order history' }).waitFor();
    await menu.getByRole('button', { name: 'Sign out' }).waitFor();
    await menu.getByRole('link', { name: 'User details' }).click();
    await page.waitForURL((url) => url.pathname === '/account/');
    await menu.waitFor({ state: 'hidden' });
  });

  test('keyboard only: open, move through, close with Escape', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await page.goto('/about/');
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Menu' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await isFocused(page, '.menu-button'), true);
  });
});

describe('help modal', () => {
  test("shows 'Loading…' until the help text arrives; links keep the safe schemes; focus returns on close", async () => {
    const page = await shop.newPage();
    await page.goto('/about/');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolveHeld) => {
      release = resolveHeld;
    });
    await page.route('**/api/help/', async (route) => {
      await held;
      await route.continue();
    });
    const help = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Help' });
    await help.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await dialog.getByText('Loading…').waitFor();
    release();
    await dialog.getByRole('heading', { name: 'Getting started' }).waitFor();
    assert.equal(await dialog.getByText('Loading…').count(), 0);
    const hrefs = await dialog.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    assert.ok(hrefs.length > 0);
    assert.ok(hrefs.every((href) => /^(https?:|mailto:|tel:|\/|#)/.test(href)), hrefs.join(' '));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await help.evaluate((element) => element === document.activeElement), true);
  });
});

describe('cookie consent', () => {
  test('asked once, remembered in a cookie, reopened from the footer', async () => {
    const page = await shop.newPage();
    await page.goto('/about/');
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await banner.waitFor();
    await banner.getByLabel('Analytics').check();
    await banner.getByRole('button', { name: 'Save choices' }).click();
    await banner.waitFor({ state: 'hidden' });
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'mv_consent');
    assert.equal(cookie?.value, 'analytics');
    await page.reload();
    await page.locator('footer').waitFor();
    assert.equal(await banner.count(), 0);
    const settings = page.getByRole('button', { name: 'Cookie settings' });
    await settings.click();
    await banner.waitFor();
    assert.equal(await banner.getByLabel('Analytics').isChecked(), true);
    await banner.getByRole('button', { name: 'Necessary only' }).click();
    assert.equal((await page.context().cookies()).find((candidate) => candidate.name === 'mv_consent')?.value, 'necessary');
    assert.equal(await settings.evaluate((element) => element === document.activeElement), true);
  });
});

/** The path of the one-click unsubscribe link of the newest demo mail whose subject matches, once it is sent. */
async function unsubscribePath(subject: RegExp): Promise<string> {
  const operator = await operatorApiToken(shop);
  const headers = { authorization: `Bearer ${operator}` };
  for (let tries = 0; tries < 80; tries += 1) {
    const list = (await (await fetch(`${shop.apiUrl}/admin/v1/mail?pageSize=50`, { headers })).json()) as { messages: { id: number; subject: string }[] };
    const found = list.messages.find((message) => subject.test(message.subject));
    if (found) {
      const mail = (await (await fetch(`${shop.apiUrl}/admin/v1/mail/${found.id}`, { headers })).json()) as { headers: Record<string, string> };
      const link = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
      assert.ok(link, JSON.stringify(mail.headers));
      return new URL(link).pathname;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail matching ${subject}`);
}

/** What of `targets` the box of `cover` overlaps (both as the window shows them now). */
async function covered(cover: Locator, targets: Locator): Promise<string[]> {
  const box = await cover.boundingBox();
  assert.ok(box, 'the banner is shown');
  const hits: string[] = [];
  for (const target of await targets.all()) {
    const other = await target.boundingBox();
    if (!other || other.width === 0) continue;
    const apart = other.x >= box.x + box.width || other.x + other.width <= box.x || other.y >= box.y + box.height || other.y + other.height <= box.y;
    if (!apart) hits.push(`${(await target.innerText()).trim()} at ${Math.round(other.y)} px (banner ${Math.round(box.y)}-${Math.round(box.y + box.height)})`);
  }
  return hits;
}

describe('the cookie banner covers nothing', () => {
  test("the sign-in card's links and the unsubscribe page's button, at 1280 and 390 px", async () => {
    const order = await placeOrderViaApi(shop, 'solo@example.com', '0000410001', 'DAIR', [1]);
    const unsubscribe = await unsubscribePath(new RegExp(`^Order ${order.code} received`));
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await shop.newPage({ viewport });
      await page.goto('/login/');
      const banner = page.getByRole('region', { name: 'Cookies on this site' });
      await banner.waitFor();
      const card = page.locator('main');
      await card.getByRole('link', { name: 'Forgot your password?' }).waitFor();
      assert.deepEqual(await covered(banner, card.locator('a, button')), [], `sign-in at ${viewport.width} px`);
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/consent-login-${viewport.width}.png` });

      await page.goto(unsubscribe);
      await page.getByRole('heading', { name: 'Unsubscribe' }).waitFor();
      await banner.waitFor();
      assert.deepEqual(await covered(banner, page.locator('main').getByRole('button')), [], `unsubscribe at ${viewport.width} px`);
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/consent-unsubscribe-${viewport.width}.png` });
      await page.close();
    }
  });
});

describe('errors', () => {
  test('a render crash shows the error page and is logged to the API', async () => {
    const page = await shop.newPage({ allowConsoleErrors: [/500|Deliberate render crash|Server Components render|digest|React error #441/i] });
    const logged = page.waitForResponse((response) => response.url().endsWith('/api/log/') && response.request().method() === 'POST');
    await page.goto('/about/e2e-crash/');
    const error = page.getByTestId('error-page');
    await error.waitFor();
    const text = await error.innerText();
    for (const line of ['Error, Oops, something went wrong.', 'An unexpected error occurred', 'Please contact customer service.']) assert.ok(text.includes(line), line);
    assert.equal(await titleOf(page), 'Business Orders | Unexpected error');
    const response = await logged;
    assert.equal(response.status(), 204);
    assert.match(response.request().postData() ?? '', /"kind":"crash"/);
  });

  test('error toasts close after 10 000 ms', async () => {
    const page = await shop.newPage();
    await page.clock.install();
    await page.context().addCookies([{ name: 'mv_flash', value: 'session-expired', url: shop.baseUrl }]);
    await page.goto('/about/');
    const toast = page.getByRole('alert').filter({ hasText: 'Your session has expired' });
    await toast.waitFor();
    await page.clock.runFor(9_000);
    assert.equal(await toast.isVisible(), true);
    await page.clock.runFor(1_500);
    await toast.waitFor({ state: 'hidden' });
  });

  test('the page title follows the pattern and the home page has its own', async () => {
    const page = await shop.newPage();
    await page.goto('/about/faq/');
    assert.equal(await titleOf(page), 'Business Orders | FAQs');
    await page.goto('/');
    assert.equal(await titleOf(page), 'Meadowvale Foods | Home');
  });
});
