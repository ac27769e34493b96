import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, startShop, type Shop } from './support/shop';

/**
 * Where sign-in and the session-expired address send the shopper next (`?next=`) stays on our own site, however
 * the address is dressed up: tabs the browser drops, backslashes it reads as slashes, dot segments it resolves.
 * docs/security.md describes the rule.
 */
const SHOP_PAYLOADS = ['/\t/evil.example/', '/.//evil.example/', '/\t\\evil.example/', '/\\evil.example/', '//evil.example/', 'https://evil.example/'];
const ADMIN_PAYLOADS = ['/admin/..//evil.example/', '/admin/\t/../\t/evil.example/', ...SHOP_PAYLOADS];
const MAX_HOPS = 5;

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

/** Follows redirects by hand: every hop's Location, resolved as a browser would, must stay on the shop. */
async function redirectHops(path: string): Promise<string[]> {
  const origin = new URL(shop.baseUrl).origin;
  const hops: string[] = [];
  let url = new URL(path, shop.baseUrl);
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) break;
    url = new URL(location, url);
    hops.push(url.href);
    if (url.origin !== origin) break;
  }
  return hops;
}

/** A page that answers for evil.example itself, so a redirect there shows up as the page's address. */
async function pageWithEvilSite(): Promise<Page> {
  const page = await shop.newPage({ allowConsoleErrors: [/./] });
  await page.context().route(
    (url) => url.hostname === 'evil.example',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' }),
  );
  return page;
}

async function signInAndLand(page: Page, loginPath: string, email: string): Promise<URL> {
  await page.goto(loginPath);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  const loginPage = new URL(page.url()).pathname;
  await Promise.all([
    page.waitForURL((url) => url.hostname === 'evil.example' || url.pathname !== loginPage),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  await page.waitForLoadState();
  return new URL(page.url());
}

describe('?next= never leads off the site', () => {
  test('/api/session/expired/ without a session: every redirect stays on the shop', async () => {
    for (const next of [...SHOP_PAYLOADS, '/admin/..//evil.example/', '/%09/evil.example/', 'javascript:alert(1)']) {
      const hops = await redirectHops(`/api/session/expired/?next=${encodeURIComponent(next)}`);
      assert.ok(hops.length > 0, JSON.stringify(next));
      for (const hop of hops) assert.equal(new URL(hop).origin, new URL(shop.baseUrl).origin, `${JSON.stringify(next)}: ${hops.join(' -> ')}`);
    }
  });

  test('the shop sign-in with a crafted next lands on the shop', async () => {
    for (const next of SHOP_PAYLOADS) {
      const page = await pageWithEvilSite();
      const landed = await signInAndLand(page, `/login/?next=${encodeURIComponent(next)}`, 'solo@example.com');
      assert.equal(landed.origin, new URL(shop.baseUrl).origin, `${JSON.stringify(next)} landed on ${landed.href}`);
      await page.context().close();
    }
  });

  test('the back-office sign-in with a crafted next lands in the back office', async () => {
    for (const next of ADMIN_PAYLOADS) {
      const page = await pageWithEvilSite();
      const landed = await signInAndLand(page, `/admin/login/?next=${encodeURIComponent(next)}`, 'admin@meadowvale.example');
      assert.equal(landed.origin, new URL(shop.baseUrl).origin, `${JSON.stringify(next)} landed on ${landed.href}`);
      assert.ok(landed.pathname.startsWith('/admin/'), `${JSON.stringify(next)} landed on ${landed.href}`);
      await page.context().close();
    }
  });
});
