import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, startShop, type Shop } from './support/shop';

/**
 * The storefront's own checks on who is asking (issue 12, points 2, 9 and 10), over real HTTP and in Chromium.
 * The storefront listens on both loopbacks: pages at 127.0.0.1 and at [::1] are two shoppers with two addresses.
 */
const SIGN_IN_FAILURES_PER_ADDRESS = 20;
const TRIES_PER_ACCOUNT_AND_ADDRESS = 5;

let shop: Shop;
let otherShopperUrl: string;
before(async () => {
  shop = await startShop({ webHostname: '::' });
  otherShopperUrl = shop.baseUrl.replace('127.0.0.1', '[::1]');
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

/** One sign-in through the form; the error shown, or '' when the shopper got in. */
async function trySignIn(page: Page, baseUrl: string, username: string, password: string): Promise<string> {
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Email address').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const error = page.getByTestId('login-error');
  await Promise.race([error.waitFor(), page.waitForURL((url) => !url.pathname.startsWith('/login'))]);
  return new URL(page.url()).pathname.startsWith('/login') ? (await error.innerText()).trim() : '';
}

describe('client addresses behind the storefront', () => {
  test('a shopper rotating X-Forwarded-For is still one address to the sign-in limit; another shopper is not limited', async () => {
    const rotating = await shop.newPage();
    let refusedAfter = 0;
    for (let attempt = 1; attempt <= SIGN_IN_FAILURES_PER_ADDRESS + 1 && !refusedAfter; attempt++) {
      await rotating.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${attempt}` });
      const shown = await trySignIn(rotating, otherShopperUrl, `rotating-${attempt}@example.com`, 'guess');
      if (shown.includes('Too many sign-in attempts')) refusedAfter = attempt - 1;
      else assert.match(shown, /Incorrect email or password/, `attempt ${attempt}`);
    }
    // Run alone the limit comes after 20 tries; after other tests from [::1], sooner.
    assert.ok(refusedAfter > 0 && refusedAfter <= SIGN_IN_FAILURES_PER_ADDRESS, `refused after ${refusedAfter} tries`);

    const other = await shop.newPage();
    assert.equal(await trySignIn(other, shop.baseUrl, 'solo@example.com', DEMO_PASSWORD), '');
  });

  test("one shopper's wrong passwords lock that shopper out, not the customer at another address", async () => {
    const guesser = await shop.newPage();
    const seen: string[] = [];
    for (let attempt = 1; attempt <= TRIES_PER_ACCOUNT_AND_ADDRESS + 1; attempt++) {
      seen.push(await trySignIn(guesser, otherShopperUrl, 'multi@example.com', `wrong-${attempt}`));
    }
    assert.ok(
      seen.at(-1)?.match(/Account Locked|Too many sign-in attempts/),
      `the guesser is refused in the end: ${JSON.stringify(seen)}`,
    );
    const customer = await shop.newPage();
    assert.equal(await trySignIn(customer, shop.baseUrl, 'multi@example.com', DEMO_PASSWORD), '');
  });
});

/** The sign-in form's Server Action as the browser sent it, to send again with other headers. */
async function capturedSignInAction(): Promise<{ action: string; contentType: string; body: Buffer }> {
  const page = await shop.newPage();
  await page.goto('/login/');
  await page.getByLabel('Email address').fill('solo@example.com');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => candidate.method() === 'POST' && candidate.headers()['next-action'] !== undefined),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  const headers = request.headers();
  const body = request.postDataBuffer();
  assert.ok(headers['next-action'] && headers['content-type'] && body);
  return { action: headers['next-action'], contentType: headers['content-type'], body };
}

const report = JSON.stringify({ kind: 'toast', title: 'forged report' });

describe('state-changing requests come from our own pages, whatever their headers say', () => {
  const prefetchHeaders: [string, Record<string, string>][] = [
    ['next-router-prefetch', { 'next-router-prefetch': '1' }],
    ['purpose: prefetch', { purpose: 'prefetch' }],
  ];
  for (const [name, prefetch] of prefetchHeaders) {
    test(`a Server Action marked ${name}: without Origin 403, with a foreign Origin 403 (not a 500 from Next)`, async () => {
      const { action, contentType, body } = await capturedSignInAction();
      const send = (origin?: string) =>
        fetch(`${shop.baseUrl}/login/`, {
          method: 'POST',
          headers: { 'next-action': action, 'content-type': contentType, ...prefetch, ...(origin ? { origin } : {}) },
          body: new Uint8Array(body),
          redirect: 'manual',
        });
      assert.equal((await send()).status, 403);
      assert.equal((await send('https://evil.example')).status, 403);
      // The same request from our own page still works.
      assert.notEqual((await send(shop.baseUrl)).status, 403);
    });

    test(`/api/log/ marked ${name} refuses a foreign or missing Origin`, async () => {
      const post = (headers: Record<string, string>) =>
        fetch(`${shop.baseUrl}/api/log/`, { method: 'POST', headers: { 'content-type': 'application/json', ...prefetch, ...headers }, body: report });
      assert.equal((await post({ origin: 'https://evil.example' })).status, 403);
      assert.equal((await post({})).status, 403);
      assert.equal((await post({ origin: shop.baseUrl })).status, 204);
    });
  }

  test('a cross-site Server Action aimed at a static file is refused, not a 500 from Next', async () => {
    const html = await (await fetch(`${shop.baseUrl}/login/`)).text();
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the sign-in page loads a script');
    for (const path of [script, '/robots.txt', '/favicon.ico', '/icon.svg']) {
      const response = await fetch(`${shop.baseUrl}${path}`, { method: 'POST', headers: { 'next-action': 'x', origin: 'https://evil.example' } });
      assert.equal(response.status, 403, path);
    }
  });

  test('X-Forwarded-Host from a browser is not believed: a forged Origin matching it is refused', async () => {
    const response = await fetch(`${shop.baseUrl}/api/log/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' },
      body: report,
    });
    assert.equal(response.status, 403);
  });
});

describe('ending a session', () => {
  test('an image pointing at /api/session/expired/ does not sign the shopper out', async () => {
    const page = await shop.newPage();
    await shop.signIn(page, 'solo@example.com');
    const before = await shop.sessionTokens(page);
    assert.ok(before);
    // An image on any page (here our own, the strongest case: the cookie goes along for sure), with no proof and with
    // a made-up one.
    const sources = ['/api/session/expired/?next=/', '/api/session/expired/?next=/&proof=4102444800.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'];
    const loaded = await page.evaluate(
      (addresses) =>
        Promise.all(
          addresses.map(
            (src) =>
              new Promise<string>((resolve) => {
                const image = new Image();
                image.onload = () => resolve('load');
                image.onerror = () => resolve('error');
                image.src = src;
              }),
          ),
        ),
      sources,
    );
    assert.equal(loaded.length, 2);
    assert.deepEqual(await shop.sessionTokens(page), before);
    await page.goto('/account/');
    assert.equal(new URL(page.url()).pathname, '/account/');
    await page.getByRole('button', { name: 'Sign out' }).first().waitFor();
  });
});
