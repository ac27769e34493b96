import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { sealData } from 'iron-session';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DESKTOP, PHONE, startShop, type Shop } from './support/shop';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const ADMIN = { email: 'admin@meadowvale.example', name: 'Alex Admin', role: 'admin' as const };

async function adminApi<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: T }> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  else headers.set('authorization', `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`);
  const response = await fetch(`${shop.apiUrl}/admin/v1${path}`, { ...rest, headers });
  return { status: response.status, body: (await response.json()) as T };
}

/** Signs an operator in as the back office does, by putting a sealed session cookie into the page's browser. */
async function signInOperator(page: Page, operator: { email: string; name: string; role: 'admin' | 'customerService' }): Promise<string> {
  const { body } = await adminApi<{ access_token: string; expires_in: number }>('/auth/token', { method: 'POST', body: JSON.stringify({ email: operator.email, password: DEMO_PASSWORD }) });
  const expiresAt = Math.floor(Date.now() / 1000) + body.expires_in;
  const value = await sealData({ kind: 'operator', token: body.access_token, expiresAt, operator }, { password: shop.secrets.sessionSecret, ttl: 8 * 3600 });
  await page.context().addCookies([{ name: 'mv_admin', value, url: `${shop.baseUrl}/admin`, httpOnly: true, sameSite: 'Lax' }]);
  return body.access_token;
}

const unique = (what: string) => `${what}-${Math.random().toString(36).slice(2, 8)}@meadowvale.example`;

describe('operators (/admin/operators/)', () => {
  test('an admin invites an operator: a bad address is refused beside the field with the name kept, the invitation mail links to choosing a password, and it can be sent again', async () => {
    const page = await shop.newPage({ viewport: DESKTOP });
    await signInOperator(page, ADMIN);
    await page.goto('/admin/orders/');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    assert.match(await page.getByTestId(`operator-${ADMIN.email}`).innerText(), /Active/);
    assert.equal(await page.getByRole('button', { name: `Disable ${ADMIN.email}` }).count(), 0, 'nobody disables themselves');

    await page.getByLabel('Email address').fill('not an address');
    await page.getByLabel('Name').fill('Olive Operator');
    await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
    await page.getByText('Enter a valid e-mail address').waitFor();
    assert.equal(await page.getByLabel('Name').inputValue(), 'Olive Operator', 'nothing typed is lost');

    const email = unique('olive');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Role').selectOption('admin');
    await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
    await page.getByText(`Invitation sent to ${email}`).waitFor();
    const row = page.getByTestId(`operator-${email}`);
    await row.getByText(/Invited, until/).waitFor();
    assert.match(await row.innerText(), /admin/);
    assert.equal(await page.getByLabel('Email address').inputValue(), '', 'the form is ready for the next invitation');

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Name').fill('Olive Again');
    await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
    await page.getByText(`${email} is already an operator`).waitFor();
    assert.equal(await page.getByLabel('Name').inputValue(), 'Olive Again');

    await row.getByRole('button', { name: `Resend invitation ${email}` }).click();
    await row.getByText('Invitation sent again: the earlier link no longer works').waitFor();

    await page.goto('/admin/mail/');
    const mails = page.getByTestId('mail-list').getByRole('row').filter({ hasText: email });
    await mails.first().waitFor();
    assert.equal(await mails.count(), 2, 'one mail per invitation sent');
    await mails.first().getByRole('link', { name: 'You are invited to the Meadowvale Foods back office' }).click();
    const text = await page.getByTestId('mail-text').innerText();
    assert.match(text, /Alex Admin has given you an account for the Meadowvale Foods back office/);
    assert.match(text, /\/admin\/login\/reset-password\/\?token=[\w-]{43}/);
  });

  test('at 390 px an admin disables an operator (asked once first) and enables them again', async () => {
    const admin = await adminApi<{ access_token: string }>('/auth/token', { method: 'POST', body: JSON.stringify({ email: ADMIN.email, password: DEMO_PASSWORD }) });
    const email = unique('sid');
    const invited = await adminApi<{ id: number }>('/operators', { method: 'POST', token: admin.body.access_token, body: JSON.stringify({ email, name: 'Sid Service', role: 'customerService' }) });
    assert.equal(invited.status, 201);

    const page = await shop.newPage({ viewport: PHONE });
    await signInOperator(page, ADMIN);
    await page.goto('/admin/operators/');
    const row = page.getByTestId(`operator-${email}`);
    await row.getByRole('button', { name: `Disable ${email}` }).click();
    await row.getByText(`Disable ${email}? They are signed out at once and their links stop working.`).waitFor();
    await row.getByRole('button', { name: 'Yes, disable' }).click();
    await row.getByText('Disabled: signed out, and their links no longer work').waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling at 390 px (${width})`);

    await row.getByRole('button', { name: `Enable ${email}` }).click();
    await row.getByText('Enabled: they can sign in again').waitFor();
    await row.getByRole('button', { name: `Resend invitation ${email}` }).waitFor();
  });

  test('a service operator sees no Operators section and cannot open it', async () => {
    const page = await shop.newPage({ viewport: DESKTOP });
    // The pages go by the role the session recorded at sign-in. The demo data has no service operator with a
    // password, so the session carries the demo admin's token with the service role; the API's own 403 for
    // the service role is tested in api/test/operators-invitations.test.ts.
    const { body } = await adminApi<{ access_token: string }>('/auth/token', { method: 'POST', body: JSON.stringify({ email: ADMIN.email, password: DEMO_PASSWORD }) });
    const operator = { email: unique('svc'), name: 'Sue Service', role: 'customerService' };
    const value = await sealData({ kind: 'operator', token: body.access_token, expiresAt: Math.floor(Date.now() / 1000) + 3600, operator }, { password: shop.secrets.sessionSecret, ttl: 8 * 3600 });
    await page.context().addCookies([{ name: 'mv_admin', value, url: `${shop.baseUrl}/admin`, httpOnly: true, sameSite: 'Lax' }]);
    await page.goto('/admin/orders/');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Operators' }).count(), 0);
    await page.goto('/admin/operators/');
    await page.waitForURL('**/admin/?forbidden=1');
  });
});
