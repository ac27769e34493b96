import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { signedIn } from './journey-support';
import { userToken } from './support/api';
import { operatorApiToken } from './support/orders-api';
import { sealedSignIn } from './support/session';
import { DESKTOP, PHONE, startShop, titleOf, type Shop } from './support/shop';

const BASE = '/occ/v2/b2b';
/** solo@example.com runs Northern Fresh Trading (0000100002) in these tests: The Corner Deli, York and Northgate. */
const ADMIN = 'solo@example.com';
const SOLD_TO = '0000100002';
const DELI = '0000410001';
const NEW_PASSWORD = 'Larder-shelves-at-dawn-42';

let shop: Shop;
let counter = 0;
const newAddress = (who: string) => `${who}.${Date.now() % 100000}${counter++}@example.com`;

before(async () => {
  shop = await startShop();
  // The demo has no company admin of Northern Fresh Trading: make solo@example.com one while the API is stopped
  // (the embedded database has one process at a time), as an operator's import of roles would.
  await shop.withApiDown(async () => {
    const db = new PGlite(join(shop.dataDir, 'pglite'));
    await db.query(`insert into user_roles (user_id, sold_to_code, role) select id, $1, 'admin' from users where username = $2`, [SOLD_TO, ADMIN]);
    await db.close();
  });
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${shop.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** The set-password link of the newest mail to `email` in the demo mailbox (/admin/mail/), as the invited user gets it. */
async function invitationToken(email: string): Promise<string> {
  const operator = await operatorApiToken(shop);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const list = await api<{ messages: { id: number; to: string }[] }>('GET', '/admin/v1/mail?pageSize=50', operator);
    const found = list.body.messages.find((message) => message.to === email);
    if (found) {
      const mail = await api<{ text: string }>('GET', `/admin/v1/mail/${found.id}`, operator);
      const match = /\/login\/reset-password\/\?token=([\w%-]+)/.exec(mail.body.text);
      assert.ok(match?.[1], 'the invitation links the set-password page');
      return decodeURIComponent(match[1]);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no invitation mail to ${email}`);
}

/**
 * Accepts an invitation: the storefront's /login/reset-password/ page when this build has it (another module),
 * else the API's POST /resetpassword that page calls.
 */
async function accept(email: string): Promise<void> {
  const token = await invitationToken(email);
  const answer = await fetch(`${shop.apiUrl}${BASE}/resetpassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ token, newPassword: NEW_PASSWORD }),
  });
  assert.equal(answer.status, 200, await answer.text());
}

async function openCompanyUsers(page: Page, phone: boolean): Promise<void> {
  if (phone) {
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'My account' }).click();
    await menu.getByRole('link', { name: 'Company users' }).click();
  } else {
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'My account' }).click();
    await main.getByRole('link', { name: 'Company users' }).click();
  }
  await page.waitForURL('**/account/company/users/');
  assert.equal(await titleOf(page), 'Business Orders | Company users');
}

const card = (page: Page, name: string) => page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('company admins at /account/company/users/', () => {
  test('an admin invites a user (1280 px), who sets a password for the address the page shows and is welcomed, not welcomed back', async () => {
    const page = await shop.newPage({ viewport: DESKTOP });
    await sealedSignIn(shop, page, ADMIN);
    // User details links every tool the admin has, and the company pages' breadcrumbs lead back to it.
    await page.goto('/account/');
    const tools = page.getByRole('list', { name: 'Your company' });
    for (const name of ['Invoices', 'Credits', 'Approvals', 'Company users', 'Spending limits']) await tools.getByRole('link', { name, exact: true }).waitFor();
    await openCompanyUsers(page, false);
    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    await crumbs.getByRole('link', { name: 'User details' }).waitFor();
    await card(page, 'Sam Okafor').waitFor();
    await card(page, 'Dana Whitfield').getByText('Disabled', { exact: true }).waitFor();

    // Checked before anything is sent, each message beside its field.
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Enter the user’s name').waitFor();
    await page.getByText('Enter an e-mail address, such as name@example.com').waitFor();
    await page.getByText('Choose at least one account').waitFor();

    const email = newAddress('casey');
    const form = page.getByRole('form', { name: 'Invite a user' });
    await form.getByLabel('Name').fill('Casey Cook');
    await form.getByLabel('E-mail address').fill(email);
    await form.getByLabel(/The Corner Deli, York/).check();
    await form.getByLabel('Order limit in £ (optional)').fill('150');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await form.getByRole('status').filter({ hasText: `Invitation sent to ${email}` }).waitFor();
    assert.equal(await form.getByLabel('Name').inputValue(), '', 'the form is ready for the next user');
    const invited = card(page, 'Casey Cook');
    await invited.getByText('Invited', { exact: true }).waitFor();
    await invited.getByText('£150.00').waitFor();
    await invited.getByText('Never').waitFor();

    // An address already in use, here or at another company: the same words, and what to do.
    await form.getByLabel('Name').fill('Morgan Again');
    await form.getByLabel('E-mail address').fill('multi@example.com');
    await form.getByLabel(/The Corner Deli, York/).check();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page
      .getByText('multi@example.com cannot be invited here. Check the address; if this person already orders from Meadowvale Foods with it, call customer service on 0800 123 4567 to add your accounts to their sign-in.')
      .waitFor();
    assert.equal(await form.getByLabel('E-mail address').inputValue(), 'multi@example.com', 'what was typed stays');

    const newcomer = await shop.newPage({ viewport: DESKTOP });
    await newcomer.goto(`/login/reset-password/?token=${encodeURIComponent(await invitationToken(email))}`);
    await newcomer.getByRole('heading', { name: 'Choose your password' }).waitFor();
    assert.equal(await newcomer.getByTestId('sign-in-address').innerText(), `For ${email}, the address you sign in with.`);
    await newcomer.getByLabel('New password').fill(NEW_PASSWORD);
    await Promise.all([newcomer.waitForURL('**/login/?passwordSet=1*'), newcomer.getByRole('button', { name: 'Save password' }).click()]);
    assert.equal(await newcomer.getByLabel('Email address').inputValue(), email, 'sign-in comes filled in');
    await newcomer.getByLabel('Password').fill(NEW_PASSWORD);
    await Promise.all([newcomer.waitForURL((url) => url.pathname === '/'), newcomer.getByRole('button', { name: 'Sign in' }).click()]);
    await newcomer.getByRole('heading', { level: 1, name: 'Welcome, Casey Cook' }).waitFor();
    await newcomer.goto('/account/');
    for (const name of ['Approvals', 'Company users', 'Spending limits']) {
      assert.equal(await newcomer.getByRole('list', { name: 'Your company' }).getByRole('link', { name, exact: true }).count(), 0, `a buyer has no ${name}`);
    }
    await newcomer.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'My account' }).click();
    assert.equal(await newcomer.getByRole('link', { name: 'Company users' }).count(), 0, 'a buyer is not offered the page');
    await newcomer.goto('/account/company/users/');
    await newcomer.getByText('Only a company admin can manage users').waitFor();

    await page.reload();
    await card(page, 'Casey Cook').getByText('Active', { exact: true }).waitFor();
    assert.equal(await card(page, 'Casey Cook').getByText('Never').count(), 0, 'the last sign-in is shown');
  });

  test('an admin edits a user and disables them at 390 px: their session ends and sign-in is refused; enabling lets them back', async () => {
    const adminToken = await userToken(shop, ADMIN);
    const email = newAddress('robin');
    const created = await api('POST', `${BASE}/users/current/orgUsers`, adminToken, { email, name: 'Robin Baker', shipTos: [DELI] });
    assert.equal(created.status, 201);
    await accept(email);
    const robin = await shop.newPage({ viewport: PHONE });
    await shop.signIn(robin, email, NEW_PASSWORD);

    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, ADMIN);
    await openCompanyUsers(page, true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `nothing wider than the phone (${overflow} px)`);

    // Edit: an approver role and an order limit; a bad amount is refused beside the field, nothing typed lost.
    await card(page, 'Robin Baker').getByRole('link', { name: 'Edit Robin Baker' }).click();
    await page.waitForURL('**/account/company/users/edit/?user=*');
    await page.getByLabel('Order limit in £ (optional)').fill('12,50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Enter an amount in pounds, such as 150 or 150.00, or leave it empty for no limit').waitFor();
    assert.equal(await page.getByLabel('Order limit in £ (optional)').inputValue(), '12,50');
    await page.getByLabel('Order limit in £ (optional)').fill('80.50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/account/company/users/?changed=*');
    await page.getByText('Changes to Robin Baker saved.').waitFor();
    await card(page, 'Robin Baker').getByText('£80.50').waitFor();

    const robinCard = card(page, 'Robin Baker');
    await robinCard.getByRole('button', { name: 'Disable Robin Baker' }).click();
    await robinCard.getByRole('button', { name: 'Yes, disable' }).click();
    await robinCard.getByRole('status').filter({ hasText: 'Robin Baker is disabled and signed out' }).waitFor();
    await robinCard.getByText('Disabled', { exact: true }).waitFor();
    assert.equal(await card(page, 'Sam Okafor').getByRole('button', { name: /^Disable/ }).count(), 0, 'an admin cannot disable themselves');

    await robin.goto('/account/orders/');
    await robin.waitForURL((url) => url.pathname.startsWith('/login'));
    const again = await shop.newPage({ viewport: PHONE });
    await again.goto('/login/');
    await again.getByLabel('Email address').fill(email);
    await again.getByLabel('Password').fill(NEW_PASSWORD);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByTestId('login-error').filter({ hasText: "Your company's admin has disabled your user. Please ask them to enable it again." }).waitFor();

    await robinCard.getByRole('button', { name: 'Enable Robin Baker' }).click();
    await robinCard.getByRole('status').filter({ hasText: 'Robin Baker can sign in again' }).waitFor();
    await shop.signIn(again, email, NEW_PASSWORD);
    assert.equal(new URL(again.url()).pathname, '/');

    // Morgan Hale also orders for Harbour Hospitality: "disable" takes them out of this company only.
    const morgan = card(page, 'Morgan Hale');
    await morgan.getByRole('button', { name: 'Disable Morgan Hale' }).click();
    await morgan.getByRole('button', { name: 'Yes, disable' }).click();
    await page.waitForURL('**/account/company/users/?removed=*');
    await page.getByRole('status').filter({ hasText: 'multi@example.com no longer orders for your company. They also order for another company, so they can still sign in there.' }).waitFor();
    assert.equal(await card(page, 'Morgan Hale').count(), 0);
    await shop.signIn(await shop.newPage({ viewport: PHONE }), 'multi@example.com');
  });

  test('resending an invitation voids the first link', async () => {
    const adminToken = await userToken(shop, ADMIN);
    const email = newAddress('alex');
    await api('POST', `${BASE}/users/current/orgUsers`, adminToken, { email, name: 'Alex Porter', shipTos: [DELI] });
    const first = await invitationToken(email);
    const page = await shop.newPage({ viewport: DESKTOP });
    await sealedSignIn(shop, page, ADMIN);
    await page.goto('/account/company/users/');
    const alex = card(page, 'Alex Porter');
    await alex.getByRole('button', { name: 'Resend invitation to Alex Porter' }).click();
    await alex.getByRole('status').filter({ hasText: `A new invitation was sent to ${email}` }).waitFor();
    const refused = await fetch(`${shop.apiUrl}${BASE}/resetpassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: first, newPassword: NEW_PASSWORD }),
    });
    assert.equal(refused.status, 400, 'the first link no longer works');
  });
});
