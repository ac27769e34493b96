import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { sealData } from 'iron-session';
import type { Page } from 'playwright-core';
import { assertAccessible } from './journey-support';
import { DEMO_PASSWORD, DESKTOP, PHONE, startShop, type Shop } from './support/shop';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

type Operator = { email: string; name: string; role: 'admin' | 'customerService' | 'sales' };
const ADMIN: Operator = { email: 'admin@meadowvale.example', name: 'Alex Admin', role: 'admin' };
/** The demo's rep (api/src/seed/demo-accounts.ts): Harbour Hospitality and Northern Fresh are theirs. */
const REP: Operator = { email: 'sales@meadowvale.example', name: 'Sam Reed', role: 'sales' };

async function adminApi<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: T }> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  else headers.set('authorization', `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`);
  const response = await fetch(`${shop.apiUrl}/admin/v1${path}`, { ...rest, headers });
  return { status: response.status, body: (await response.json()) as T };
}

const tokenOf = async (email: string) =>
  (await adminApi<{ access_token: string; expires_in: number }>('/auth/token', { method: 'POST', body: JSON.stringify({ email, password: DEMO_PASSWORD }) })).body;

/** Signs an operator in as the back office does, by putting a sealed session cookie into the page's browser. */
async function signInOperator(page: Page, operator: Operator): Promise<void> {
  const { access_token: token, expires_in: seconds } = await tokenOf(operator.email);
  const value = await sealData({ kind: 'operator', token, expiresAt: Math.floor(Date.now() / 1000) + seconds, operator }, { password: shop.secrets.sessionSecret, ttl: 8 * 3600 });
  await page.context().addCookies([{ name: 'mv_admin', value, url: `${shop.baseUrl}/admin`, httpOnly: true, sameSite: 'Lax' }]);
}

/** A rep of the test's own, invited by the API, with nobody assigned. */
async function newRep(name: string): Promise<{ id: number; email: string }> {
  const admin = await tokenOf(ADMIN.email);
  const email = `rep-${Math.random().toString(36).slice(2, 8)}@meadowvale.example`;
  const invited = await adminApi<{ id: number }>('/operators', { method: 'POST', token: admin.access_token, body: JSON.stringify({ email, name, role: 'sales' }) });
  assert.equal(invited.status, 201);
  return { id: invited.body.id, email };
}

async function assignedCodes(id: number): Promise<string[]> {
  const admin = await tokenOf(ADMIN.email);
  return (await adminApi<{ soldTos: { code: string }[] }>(`/operators/${id}/soldtos`, { token: admin.access_token })).body.soldTos.map((soldTo) => soldTo.code);
}

const noSidewaysScroll = async (page: Page, width: number) => {
  const scrolled = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrolled <= width, `no sideways scrolling at ${width} px (${scrolled})`);
};

describe('sales reps in the back office', () => {
  test('at 1280 px an admin finds a customer and assigns it to a rep on /admin/operators/, then removes it', async () => {
    const rep = await newRep('Rita Rep');
    const page = await shop.newPage({ viewport: DESKTOP });
    await signInOperator(page, ADMIN);
    await page.goto('/admin/operators/');
    const row = page.getByTestId(`operator-${rep.email}`);
    await row.getByText('No customers assigned yet').waitFor();
    assert.match(await page.getByTestId(`operator-${ADMIN.email}`).getByRole('cell').nth(3).innerText(), /All/);

    await row.getByText('Assign customers').click();
    await row.getByLabel('Find a customer').fill('Harbour');
    await row.getByRole('button', { name: 'Find', exact: true }).click();
    await row.getByRole('list', { name: 'Customers matching Harbour' }).getByText('Harbour Hospitality Ltd').waitFor();
    await row.getByRole('button', { name: 'Assign Harbour Hospitality Ltd to Rita Rep' }).click();
    await row.getByText('Assigned Harbour Hospitality Ltd to Rita Rep').waitFor();
    await row.getByRole('list', { name: 'Customers of Rita Rep' }).getByText('Harbour Hospitality Ltd').waitFor();
    assert.deepEqual(await assignedCodes(rep.id), ['0000100001']);
    await row.getByRole('list', { name: 'Customers matching Harbour' }).getByText('Assigned', { exact: true }).waitFor();

    await row.getByLabel('Find a customer').fill('Zzz nobody');
    await row.getByRole('button', { name: 'Find', exact: true }).click();
    await row.getByText('No customers match “Zzz nobody”.').waitFor();
    await assertAccessible(page, 'the operators page with a rep being assigned customers');
    await page.screenshot({ path: '/tmp/operators-sales-reps-1280.png', fullPage: true });

    await row.getByRole('button', { name: 'Remove Harbour Hospitality Ltd from Rita Rep' }).click();
    await row.getByText('Removed Harbour Hospitality Ltd from Rita Rep').waitFor();
    await row.getByText('No customers assigned yet').waitFor();
    assert.deepEqual(await assignedCodes(rep.id), []);
  });

  test('at 390 px, by keyboard alone, an admin assigns two customers to a rep', async () => {
    const rep = await newRep('Kit Keyboard');
    const page = await shop.newPage({ viewport: PHONE });
    await signInOperator(page, ADMIN);
    await page.goto('/admin/operators/');
    const row = page.getByTestId(`operator-${rep.email}`);
    // A streamed page swaps its content in once it is all there, and moves the focus with it: start typing once
    // the summary is on screen and React has the page, as a person would.
    await row.getByText('Assign customers').waitFor();
    await page.waitForFunction(() => Object.keys(document.getElementById('admin-main') ?? {}).some((key) => key.startsWith('__reactFiber')), undefined, { polling: 50 });
    await row.getByText('Assign customers').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'q', `Tab moves from the summary to the search field, not ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))}`);
    await page.keyboard.type('Ltd');
    await page.keyboard.press('Enter');
    const found = row.getByRole('list', { name: 'Customers matching Ltd' });
    await found.getByText('Northern Fresh Trading Ltd').waitFor();

    for (const name of ['Northern Fresh Trading Ltd', 'Moorside Kitchens Ltd']) {
      const button = row.getByRole('button', { name: `Assign ${name} to Kit Keyboard` });
      await button.focus();
      await page.keyboard.press('Enter');
      await row.getByText(`Assigned ${name} to Kit Keyboard`).waitFor();
      await row.getByRole('list', { name: 'Customers of Kit Keyboard' }).getByText(name).waitFor();
    }
    assert.deepEqual(await assignedCodes(rep.id), ['0000100002', '0000100003']);
    await noSidewaysScroll(page, 390);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/operators-sales-reps-390.png', fullPage: true });
  });

  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    test(`at ${label} px a rep opens the back office on their customers, sees only Customers and Calls, only their sold-tos and no changes`, async () => {
      const page = await shop.newPage({ viewport });
      await signInOperator(page, REP);
      await page.goto('/admin/');
      await page.waitForURL('**/admin/customers/');
      await page.getByRole('heading', { name: 'Your customers', level: 1 }).waitFor();
      const menu = page.getByRole('navigation', { name: 'Back office' }).getByRole('link');
      assert.deepEqual(await menu.allInnerTexts(), ['Customers', 'Calls']);

      const soldTos = await page.locator('main h2').allInnerTexts();
      assert.deepEqual(
        soldTos.map((text) => text.replace(/\s+/g, ' ')),
        ['Harbour Hospitality Ltd sold-to 0000100001', 'Northern Fresh Trading Ltd sold-to 0000100002'],
      );
      await page.getByTestId('user-buyer@example.com').waitFor();
      assert.equal(await page.getByRole('button', { name: /^(Disable|Enable|Unlock)/ }).count(), 0, 'users are changed by customer service');
      assert.equal(await page.getByRole('button', { name: /^Save/ }).count(), 0, 'no reminder hours or minimum order to change');
      assert.equal(await page.getByText('Users without a ship-to').count(), 0);
      await noSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: `/tmp/operators-sales-reps-rep-${label}.png`, fullPage: true });

      await page.getByLabel('Code, name or e-mail').fill('Moorside');
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await page.waitForURL('**/admin/customers/?q=Moorside');
      await page.getByText('No customers match.').waitFor();

      for (const path of ['/admin/orders/', '/admin/products/', '/admin/imports/', '/admin/operators/']) {
        await page.goto(path);
        await page.waitForURL('**/admin/?forbidden=1');
      }
      await page.getByText('Your role may not open that page.').waitFor();
    });
  }
});
