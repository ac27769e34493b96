import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { sealData, unsealData } from 'iron-session';
import type { BrowserContext, Page } from 'playwright-core';
import { assertAccessible, hydrated, orderableProducts, setCart, tabTo, waitForHeaderUnits, type ApiProduct } from './journey-support';
import { sealedSignIn } from './support/session';
import { DEMO_PASSWORD, DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { apiCall, scrollsSideways, type Who } from './weekly-support';

/**
 * Acting for a customer in the shop (docs/assisted-service.md "In the shop"): Sam Reed, a sales rep assigned Harbour
 * Hospitality (sold-to 0000100001), acts for Ben Carter (buyer@example.com) at Harbour Café – Quayside. The rep and
 * the assignment are written into the embedded database before the test; the rep's back office session is a
 * sealed cookie, as the sign-in writes it.
 */
const REP = { email: 'sam.reed@meadowvale.example', name: 'Sam Reed', role: 'sales' } as const;
const HARBOUR = '0000100001';
const BUYER: Who = { username: 'buyer@example.com', shipTo: '0000410002', salesOrg: 'DAIR' };
const HEAD: Who = { username: 'head@example.com', shipTo: '0000410002', salesOrg: 'DAIR' };
/** Solo's deli belongs to Northern Fresh Trading, which is not the rep's. */
const NOT_ASSIGNED = '0000410001';
const BANNER = 'Acting for Ben Carter, Harbour Café – Quayside — End';

let shop: Shop;
let product: ApiProduct;

before(async () => {
  shop = await startShop();
  await shop.withApiDown(async () => {
    const db = new PGlite(join(shop.dataDir, 'pglite'));
    // The demo admin's password hash: the rep signs in with the demo password.
    const { rows } = await db.query<{ id: number }>(
      `insert into operators (email, name, role, password_hash) select $1, $2, $3, password_hash from operators where email = 'admin@meadowvale.example' returning id`,
      [REP.email, REP.name, REP.role],
    );
    await db.query('insert into operator_sold_tos (operator_id, sold_to) values ($1, $2)', [rows[0]?.id, HARBOUR]);
    await db.close();
  });
  const products = await orderableProducts(shop, BUYER, 40);
  const found = products.find((candidate) => candidate.minOrderQuantity === 1);
  assert.ok(found, 'an orderable dairy product for Quayside');
  product = found;
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

type Operator = { email: string; name: string; role: 'admin' | 'customerService' | 'sales' };
const ADMIN: Operator = { email: 'admin@meadowvale.example', name: 'Alex Admin', role: 'admin' };

async function operatorToken(email: string): Promise<{ token: string; expiresIn: number }> {
  const response = await fetch(`${shop.apiUrl}/admin/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}` },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  const body = (await response.json()) as { access_token: string; expires_in: number };
  return { token: body.access_token, expiresIn: body.expires_in };
}

/** An operator signed in to the back office in this browser, as the sign-in writes it. Returns the operator's token. */
async function signInOperator(context: BrowserContext, operator: Operator): Promise<string> {
  const { token, expiresIn } = await operatorToken(operator.email);
  const value = await sealData({ kind: 'operator', token, expiresAt: Math.floor(Date.now() / 1000) + expiresIn, operator }, { password: shop.secrets.sessionSecret, ttl: 8 * 3600 });
  await context.addCookies([{ name: 'mv_admin', value, url: `${shop.baseUrl}/admin`, httpOnly: true, sameSite: 'Lax' }]);
  return token;
}

/**
 * Quayside's start page (the rep opens it by address; `from` the customers page, by its "Act for…" link), Ben
 * Carter, a reason, Start; then the shop's home page.
 */
async function startActing(page: Page, options: { checkRefusals: boolean; from: 'address' | 'customers' }): Promise<void> {
  if (options.from === 'customers') {
    await page.goto(`/admin/customers/?q=${HARBOUR}`);
    await page.getByRole('link', { name: 'Act for Harbour Café – Quayside' }).click();
    await page.waitForURL(/\/admin\/act\/\?shipTo=0000410002/);
  } else {
    await page.goto('/admin/act/?shipTo=0000410002');
  }
  await page.getByRole('heading', { name: 'Act for a customer', level: 1 }).waitFor();
  await page.getByText('Harbour Café – Quayside (0000410002)', { exact: true }).waitFor();
  await page.getByText(`Harbour Hospitality Ltd (${HARBOUR})`, { exact: true }).waitFor();
  const users = page.getByRole('group', { name: 'User' });
  const reason = page.getByLabel('Reason');
  if (options.checkRefusals) {
    await page.getByRole('button', { name: 'Start' }).click();
    await users.getByText('Choose the user to act for').waitFor();
    await page.getByText('Give a reason of 3 to 500 characters: it is kept in the audit log').waitFor();
    await users.getByRole('radio', { name: /Ben Carter/ }).check();
    await reason.fill('  x ');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Give a reason of 3 to 500 characters: it is kept in the audit log').waitFor();
    await users.getByText('Choose the user to act for').waitFor({ state: 'detached' });
    assert.equal(await users.getByRole('radio', { name: /Ben Carter/ }).isChecked(), true, 'the choice is kept');
    assert.equal(await reason.inputValue(), '  x ', 'what was typed is kept');
    await assertAccessible(page, 'the start page with its refusals');
    await page.screenshot({ path: `/tmp/assisted-start-${page.viewportSize()?.width}.png`, fullPage: true });
  } else {
    await users.getByRole('radio', { name: /Ben Carter/ }).check();
  }
  await reason.fill('Phoned in the Friday order');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/account/select/');
  if (new URL(page.url()).pathname === '/account/select/') {
    // Quayside orders two ranges: the range chooser comes first, limited to the one ship-to.
    await page.getByRole('button', { name: 'Order Dairy' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }
  await hydrated(page);
}

const banner = (page: Page) => page.getByRole('region', { name: 'Acting for a customer' });

async function assistedSessionId(context: BrowserContext): Promise<number> {
  const cookie = (await context.cookies(shop.baseUrl)).find((candidate) => candidate.name === 'mv_assist');
  assert.ok(cookie, 'the acting session has its own cookie');
  const data = await unsealData<{ assisted: { id: number } }>(cookie.value, { password: shop.secrets.sessionSecret, ttl: 8 * 3600 });
  return data.assisted.id;
}

describe('acting for a customer', () => {
  for (const [label, viewport] of [['1280 px', DESKTOP], ['390 px', PHONE]] as const) {
    test(`at ${label}: a rep starts acting, shops and checks out over the site's monthly limit (held, "Placed for you by"), and End leaves every tab with the browser's own shop session as it was`, async () => {
      await setCart(shop, BUYER, []);
      // A month's limit of a penny at Quayside: every order waits for head office.
      const limit = await apiCall<{ code: string }>(shop, HEAD, 'POST', '/users/current/orderApprovalPermissions', { type: 'periodThreshold', threshold: 1, periodRange: 'MONTH', shipTo: BUYER.shipTo });
      try {
        const page = await shop.newPage({ viewport });
        const context = page.context();
        // The browser already had a shop session of its own (solo@): acting leaves it alone.
        await sealedSignIn(shop, page, 'solo@example.com', { consent: true });
        await signInOperator(context, REP);
        await startActing(page, { checkRefusals: viewport === DESKTOP, from: 'address' });

        assert.equal((await banner(page).innerText()).replace(/\s+/g, ' ').trim(), BANNER);
        const end = banner(page).getByRole('button', { name: 'End' });
        await tabTo(page, end);
        if (viewport === PHONE) assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
        await page.screenshot({ path: `/tmp/assisted-home-${viewport.width}.png` });

        // Out of reach while acting: hidden from the menus, refused by address.
        await page.goto('/account/');
        await page.getByRole('heading', { name: 'User details' }).waitFor();
        assert.equal(await page.getByRole('link', { name: 'Change your password' }).count(), 0);
        assert.equal(await page.getByRole('link', { name: 'E-mail notifications' }).count(), 0);
        await page.goto('/account/password/');
        await page.getByRole('heading', { name: 'Not available while acting for a customer' }).waitFor();
        await banner(page).waitFor();

        await page.goto(`/product/${encodeURIComponent(product.code)}/`);
        await page.getByRole('button', { name: 'Add to cart' }).first().click();
        await waitForHeaderUnits(page, 1);
        await page.goto('/cart/checkout/');
        const dates = page.getByLabel('Delivery date');
        const open = await dates.locator('option:not([disabled])').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value).filter(Boolean));
        await dates.selectOption(open[0] ?? '');
        await page.locator('#requestedDeliveryDate-status').getByText('Saved').waitFor();
        await page.getByRole('status').filter({ hasText: 'Needs approval' }).waitFor();
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.getByRole('heading', { name: 'Your order needs approval' }).waitFor();
        await page.getByText('Placed for you by Sam Reed, Meadowvale', { exact: true }).waitFor();
        const code = (await page.locator('dd strong').first().innerText()).trim();
        await page.screenshot({ path: `/tmp/assisted-confirmation-${viewport.width}.png`, fullPage: true });

        await page.goto(`/account/orders/${code}/`);
        await page.getByRole('heading', { name: `Order ${code}` }).waitFor();
        await page.getByText('Placed for you by Sam Reed, Meadowvale', { exact: true }).waitFor();
        if (viewport === DESKTOP) await assertAccessible(page, 'an order placed for the customer, with the acting band');
        await page.screenshot({ path: `/tmp/assisted-order-${viewport.width}.png`, fullPage: true });

        // A second tab of the shop acts too, and leaves when the first ends it.
        const second = await context.newPage();
        await second.goto('/cart/');
        await banner(second).waitFor();
        await hydrated(second);

        await banner(page).getByRole('button', { name: 'End' }).click();
        await page.waitForURL((url) => url.pathname === '/admin/customers/');
        await second.waitForURL((url) => url.pathname === '/admin/customers/');
        assert.equal(await banner(page).count(), 0);
        assert.equal((await context.cookies(shop.baseUrl)).some((cookie) => cookie.name === 'mv_assist'), false, 'the acting cookie is gone');

        // The acting token is refused; the shop in this browser is solo's again.
        await page.goto('/');
        await hydrated(page);
        assert.equal(await banner(page).count(), 0);
        await page.goto('/account/');
        await page.getByText('solo@example.com', { exact: true }).waitFor();
      } finally {
        await apiCall(shop, HEAD, 'DELETE', `/users/current/orderApprovalPermissions/${limit.code}`);
      }
    });
  }

  test('started from the customers page, a session ended from the back office sends the operator back there with "The session acting for Ben Carter has ended"', async () => {
    const page = await shop.newPage({ viewport: DESKTOP });
    const operator = await signInOperator(page.context(), ADMIN);
    await startActing(page, { checkRefusals: false, from: 'customers' });
    await banner(page).waitFor();
    const id = await assistedSessionId(page.context());
    const ended = await fetch(`${shop.apiUrl}/admin/v1/assistedsessions/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${operator}` } });
    assert.equal(ended.status, 204);

    await page.goto('/offers/');
    await page.waitForURL((url) => url.pathname === '/admin/customers/');
    await page.getByText('The session acting for Ben Carter has ended', { exact: true }).waitFor();
    assert.equal((await page.context().cookies(shop.baseUrl)).some((cookie) => cookie.name === 'mv_assist'), false, 'the acting cookie is gone');
    await page.screenshot({ path: '/tmp/assisted-ended-1280.png' });
    // The browser had no shop session of its own: the shop is signed out again.
    await page.goto('/');
    await page.getByRole('link', { name: 'About us' }).first().waitFor();
    assert.equal(await banner(page).count(), 0);
  });

  test('a rep gets "No such customer" for a ship-to not assigned to them, and cannot start for it', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await signInOperator(page.context(), REP);
    await page.goto(`/admin/act/?shipTo=${NOT_ASSIGNED}`);
    await page.getByText('No such customer: it is not one of yours, or it no longer exists').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Start' }).count(), 0);
    await page.screenshot({ path: '/tmp/assisted-not-found-390.png' });
    await page.goto('/admin/act/?shipTo=NOPE');
    await page.getByText('No such customer: it is not one of yours, or it no longer exists').waitFor();
  });
});
