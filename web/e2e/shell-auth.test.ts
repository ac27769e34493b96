import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { startShop, titleOf, type Shop } from './support/shop';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

async function signInExpectingError(username: string, password: string) {
  const page = await shop.newPage();
  await page.goto('/login/');
  await page.getByLabel('Email address').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const error = page.getByTestId('login-error');
  await error.waitFor();
  return { page, text: (await error.innerText()).trim() };
}

describe('sign-in', () => {
  test('solo@example.com is set up automatically and lands on the home page, without a switcher', async () => {
    const page = await shop.newPage();
    await shop.signIn(page, 'solo@example.com');
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await titleOf(page), 'Meadowvale Foods | Home');
    await page.getByRole('button', { name: 'Sign out' }).first().waitFor();
    assert.equal(await page.locator('.switcher-button').count(), 0);
  });

  test('multi@example.com must choose an account first', async () => {
    const page = await shop.newPage();
    await shop.signIn(page, 'multi@example.com');
    assert.equal(new URL(page.url()).pathname, '/account/select/');
    assert.equal(await titleOf(page), 'Business Orders | Choose your account');
  });

  test('the API refusals are shown as clear messages', async () => {
    const disabled = await signInExpectingError('disabled@example.com', 'Meadowvale-demo-1');
    assert.match(disabled.text, /User is disabled/);
    const unconfigured = await signInExpectingError('unconfigured@example.com', 'Meadowvale-demo-1');
    assert.match(unconfigured.text, /Account not configured/);
    const wrong = await signInExpectingError('solo@example.com', 'not-the-password');
    assert.match(wrong.text, /Incorrect email or password/);
    const unknown = await signInExpectingError('nobody@example.com', 'Meadowvale-demo-1');
    assert.equal(unknown.text, wrong.text, 'an unknown address reads exactly like a wrong password');
    assert.equal(await unknown.page.getByLabel('Email address').inputValue(), 'nobody@example.com');
  });

  test('username and password are required, checked before anything is sent', async () => {
    const page = await shop.newPage();
    await page.goto('/login/');
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST') posted = true;
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please enter your email address').waitFor();
    await page.getByText('Please enter your password').waitFor();
    assert.equal(posted, false);
    assert.equal(await page.getByLabel('Email address').getAttribute('aria-invalid'), 'true');
  });

  test('without script the server checks the same schema', async () => {
    const page = await shop.newPage({ javaScriptEnabled: false });
    await page.goto('/login/');
    await page.getByLabel('Email address').fill('solo@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please enter your password').waitFor();
    assert.equal(await page.getByLabel('Email address').inputValue(), 'solo@example.com');
  });

  test('submitting twice does no harm', async () => {
    const page = await shop.newPage();
    await page.goto('/login/');
    await page.getByLabel('Email address').fill('solo@example.com');
    await page.getByLabel('Password').fill('Meadowvale-demo-1');
    await page.getByLabel('Password').press('Enter');
    await page.getByLabel('Password').press('Enter').catch(() => undefined);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Sign out' }).first().waitFor();
  });

  test('after sign-in the user lands where they were going', async () => {
    const page = await shop.newPage();
    await page.goto('/account/orders/');
    assert.equal(new URL(page.url()).pathname, '/login/');
    assert.equal(new URL(page.url()).searchParams.get('next'), '/account/orders/');
    await page.getByLabel('Email address').fill('solo@example.com');
    await page.getByLabel('Password').fill('Meadowvale-demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account/orders/');
  });

  test('a foreign next address is ignored', async () => {
    const page = await shop.newPage();
    await page.goto('/login/?next=//evil.example/');
    await page.getByLabel('Email address').fill('solo@example.com');
    await page.getByLabel('Password').fill('Meadowvale-demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    assert.equal(new URL(page.url()).host, new URL(shop.baseUrl).host);
  });

  test('keyboard only: the form can be filled and sent without a mouse', async () => {
    const page = await shop.newPage();
    await page.goto('/login/');
    await page.getByLabel('Email address').focus();
    await page.keyboard.type('solo@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Meadowvale-demo-1');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Sign in');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('routes and guards', () => {
  test('/login and /login/ both show the sign-in page', async () => {
    const page = await shop.newPage();
    for (const path of ['/login', '/login/']) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200);
      assert.equal(await titleOf(page), 'Business Orders | Sign in');
    }
  });

  test('user-only pages send anonymous visitors to sign in', async () => {
    const page = await shop.newPage();
    for (const path of ['/cart/', '/cart/checkout/', '/account/', '/account/carts/', '/account/orders/', '/account/select/', '/category/DAIR-MILK/', '/search/butter/']) {
      await page.goto(path);
      const url = new URL(page.url());
      assert.equal(url.pathname, '/login/', `${path} → ${url.pathname}`);
      assert.equal(url.searchParams.get('next'), path);
    }
  });

  test('pages for everyone open without signing in', async () => {
    const page = await shop.newPage();
    const pages: [string, string][] = [
      ['/about/', 'About us'],
      ['/about/faq/', 'FAQs'],
      ['/about/video-guide/', 'Video guide'],
      ['/about/cookie-policy/', 'Cookie policy'],
      ['/about/privacy/', 'Privacy'],
      ['/about/terms/', 'Terms'],
    ];
    for (const [path, title] of pages) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200, path);
      assert.equal(await titleOf(page), `Business Orders | ${title}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText();
      assert.match(crumbs, new RegExp(`^Home[\\s\\S]*${title}$`));
    }
  });

  test('the sign-in page (anonymous-only) sends a set-up user home', async () => {
    const page = await shop.newPage();
    await shop.signIn(page, 'solo@example.com');
    await page.goto('/login/');
    assert.equal(new URL(page.url()).pathname, '/');
  });

  test('a signed-in user without an account is sent to /account/select/ from shop pages', async () => {
    const page = await shop.newPage();
    await shop.signIn(page, 'multi@example.com');
    for (const path of ['/', '/cart/', '/account/orders/']) {
      await page.goto(path);
      assert.equal(new URL(page.url()).pathname, '/account/select/', path);
    }
  });

  test('an unknown address is a proper 404 page', async () => {
    const page = await shop.newPage({ allowConsoleErrors: [/404/] });
    const response = await page.goto('/no-such-page/');
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  test('legacy hash-bang addresses are rewritten to path form', async () => {
    const page = await shop.newPage();
    await page.goto('/#!/about/faq/');
    await page.waitForURL((url) => url.pathname === '/about/faq/');
    await page.getByRole('heading', { level: 1, name: 'FAQs' }).waitFor();
  });
});

describe('sign-out', () => {
  test('revokes the tokens at the API, clears the session and says so', async () => {
    const page = await shop.newPage();
    await shop.signIn(page, 'solo@example.com');
    const tokens = await shop.sessionTokens(page);
    assert.ok(tokens);
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/login/');
    await page.getByText('You have been logged out').waitFor();
    assert.equal(await shop.sessionTokens(page), undefined);
    const me = await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    assert.equal(me.status, 401, 'the access token no longer works at the API');
    await page.goto('/cart/');
    assert.equal(new URL(page.url()).pathname, '/login/');
  });
});

describe('tokens stay on the server', () => {
  test('no token in the HTML, scripts, script-readable cookies or storage', async () => {
    const page = await shop.newPage();
    const bodies: string[] = [];
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (/html|javascript|json|text\/x-component/.test(type)) bodies.push(await response.text().catch(() => ''));
    });
    await shop.signIn(page, 'solo@example.com');
    await page.goto('/about/');
    await page.goto('/');
    const tokens = await shop.sessionTokens(page);
    assert.ok(tokens);
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'mv_session');
    assert.equal(cookie?.httpOnly, true);
    assert.equal(cookie?.sameSite, 'Lax');
    const visible = await page.evaluate(() => ({
      cookies: document.cookie,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      html: document.documentElement.outerHTML,
    }));
    assert.doesNotMatch(visible.cookies, /mv_session/);
    for (const secret of [tokens.accessToken, tokens.refreshToken]) {
      for (const [where, text] of Object.entries(visible)) assert.ok(!text.includes(secret), `token found in ${where}`);
      assert.ok(!bodies.some((body) => body.includes(secret)), 'token found in a response to the browser');
    }
  });
});

describe('security', () => {
  test('every page carries the security headers and a nonce-based CSP', async () => {
    for (const path of ['/login/', '/about/', '/no-such-page/']) {
      const response = await fetch(`${shop.baseUrl}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      assert.match(csp, /object-src 'none'/);
      assert.match(csp, /base-uri 'none'/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.doesNotMatch(csp, /unsafe-eval/);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.ok(response.headers.get('referrer-policy'));
      assert.equal(response.headers.get('x-powered-by'), null);
      const html = await response.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
      assert.ok(inline.every((match) => /nonce="/.test(match[1] ?? '')), 'every inline script has the nonce');
    }
  });

  test('state-changing requests from another origin or a null origin are refused', async () => {
    for (const origin of ['https://evil.example', 'null', undefined]) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (origin) headers.origin = origin;
      const response = await fetch(`${shop.baseUrl}/api/log/`, { method: 'POST', headers, body: JSON.stringify({ kind: 'toast', title: 'x' }) });
      assert.equal(response.status, 403, `origin ${origin}`);
      const action = await fetch(`${shop.baseUrl}/login/`, { method: 'POST', headers: { ...headers, 'next-action': 'x' }, body: '[]' });
      assert.equal(action.status, 403, `server action from origin ${origin}`);
    }
    const same = await fetch(`${shop.baseUrl}/api/log/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.baseUrl },
      body: JSON.stringify({ kind: 'toast', title: 'Same-origin report from the e2e suite' }),
    });
    assert.equal(same.status, 204);
  });
});
