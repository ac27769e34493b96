import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, tabTo } from './journey-support';
import { DEMO_PASSWORD, DESKTOP, PHONE, startShop, titleOf, type Shop } from './support/shop';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const unique = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.org`;

async function operatorPage(viewport = DESKTOP): Promise<Page> {
  const page = await shop.newPage({ viewport });
  await page.goto('/admin/login/');
  await page.getByLabel('Email address').fill('admin@meadowvale.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/orders/');
  return page;
}

/** The newest mail to `to` with `subject` in the demo mailbox (the outbox sends a moment after the commit). */
async function openMail(operator: Page, to: string, subject: string): Promise<string> {
  await operator.goto('/admin/mail/');
  const row = operator.getByTestId('mail-list').getByRole('row').filter({ hasText: to }).filter({ hasText: subject });
  for (let attempt = 0; attempt < 40 && (await row.count()) === 0; attempt += 1) {
    await operator.waitForTimeout(250);
    await operator.reload();
  }
  await row.first().getByRole('link', { name: subject }).click();
  await operator.getByTestId('mail-to').getByText(to).waitFor();
  return operator.getByTestId('mail-text').innerText();
}

/** The path and query of the shop link in a mail (the mail names the configured shop address). */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+?(${path.replaceAll('/', '\\/')}\\?token=\\S+)`).exec(text);
  assert.ok(match?.[1], `a ${path} link in the mail:\n${text}`);
  return match[1];
}

async function fillRequest(page: Page, email: string) {
  await page.getByLabel('Your name').fill('Pat Doyle');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Business name').fill('Doyle Bakery');
  await page.getByLabel('Phone number').fill('01904 123456');
  await page.getByLabel('Postcode').fill('YO1 7LQ');
  await page.getByLabel('Anything we should know (optional)').fill('Two cafés in York.');
}

/** E2E_SHOTS_DIR: full-page screenshots to look at (not compared). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `registration-${name}.png`), fullPage: true });
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('registration requests', () => {
  test('from sign-in at 390 px: errors beside the fields keep what was typed; every address gets the same answer', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await page.goto('/login/');
    await page.getByRole('link', { name: 'Request an account' }).click();
    await page.waitForURL('**/login/request-account/');
    assert.equal(await titleOf(page), 'Business Orders | Request an account');
    await page.getByRole('heading', { level: 1, name: 'Request an account' }).waitFor();

    await page.getByLabel('Your name').fill('Pat Doyle');
    await page.getByLabel('Phone number').fill('call me');
    await page.getByRole('button', { name: 'Request an account' }).click();
    await page.getByText('Please enter your email address').waitFor();
    await page.getByText('Please enter a valid phone number').waitFor();
    assert.equal(await page.getByLabel('Business name').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('Your name').inputValue(), 'Pat Doyle', 'nothing typed is lost');
    assert.ok(await fitsWidth(page), 'no sideways scrolling at 390 px');
    await assertAccessible(page, 'request an account with errors (phone)');
    await shot(page, 'phone-request-errors');

    await fillRequest(page, 'solo@example.com');
    await tabTo(page, page.getByRole('button', { name: 'Request an account' }));
    await page.keyboard.press('Enter');
    const sent = page.getByTestId('request-sent');
    await sent.getByRole('heading', { name: 'Check your email' }).waitFor();
    const known = (await sent.innerText()).replace('solo@example.com', 'ADDRESS');

    await page.goto('/login/request-account/');
    const email = unique('phone');
    await fillRequest(page, email);
    await page.getByRole('button', { name: 'Request an account' }).click();
    await page.getByTestId('request-sent').waitFor();
    assert.equal((await page.getByTestId('request-sent').innerText()).replace(email, 'ADDRESS'), known, 'an existing user’s address is answered alike');
    await shot(page, 'phone-request-sent');
    assert.ok(await fitsWidth(page));
  });

  test('request → confirm by the mailed link → operator approves at 1280 px → the new user is invited', async () => {
    const email = unique('approved');
    const customer = await shop.newPage({ viewport: DESKTOP });
    await customer.goto('/login/request-account/');
    await fillRequest(customer, email);
    await customer.getByRole('button', { name: 'Request an account' }).click();
    await customer.getByTestId('request-sent').getByText(email).waitFor();

    const operator = await operatorPage();
    const confirmLink = linkIn(await openMail(operator, email, 'Confirm your e-mail address'), '/login/request-account/confirm/');
    await operator.goto('/admin/registrations/');
    assert.equal(await operator.getByTestId(`registration-${email}`).count(), 0, 'not listed before the address is confirmed');

    const phone = await shop.newPage({ viewport: PHONE });
    await phone.goto(confirmLink);
    await phone.getByRole('heading', { level: 1, name: 'Confirm your email address' }).waitFor();
    await phone.getByRole('button', { name: 'Confirm my address' }).click();
    await phone.getByTestId('request-confirmed').waitFor();
    assert.ok(await fitsWidth(phone));
    await shot(phone, 'phone-confirmed');
    await phone.goto(confirmLink);
    await phone.getByRole('button', { name: 'Confirm my address' }).click();
    await phone.getByText('This link has expired or has already been used').waitFor();

    await operator.getByRole('link', { name: 'Registrations' }).click();
    await operator.waitForURL('**/admin/registrations/');
    const card = operator.getByTestId(`registration-${email}`);
    await card.getByText('Doyle Bakery').first().waitFor();
    const find = async (typed: string) => {
      await card.getByLabel('Customer: sold-to code, name or postcode').fill(typed);
      await card.getByRole('button', { name: 'Find customer' }).click();
      await operator.waitForURL(`**/admin/registrations/?request=*&soldTo=${encodeURIComponent(typed).replaceAll('%20', '+')}`);
    };
    await find('Doyle Bakery');
    await card.getByText('No customer matches “Doyle Bakery”').waitFor();
    await card.getByText('A business with no account yet cannot be approved here', { exact: false }).waitFor();
    await shot(operator, 'desktop-admin-no-account');
    // A postcode of the area: several customers, one to pick.
    await find('YO');
    await card.getByText('customers match “YO”: choose one', { exact: false }).waitFor();
    await card.getByRole('link', { name: 'Harbour Hospitality Ltd (0000100001)' }).waitFor();
    // The sold-to code as the ERP's screens show it, without its leading zeros.
    await find('100001');
    const chosen = operator.getByTestId(`registration-${email}`);
    await chosen.getByText('Ship-tos of Harbour Hospitality Ltd (0000100001)').waitFor();
    await chosen.getByRole('button', { name: 'Approve and invite' }).click();
    await chosen.getByText('Choose at least one ship-to').waitFor();
    await chosen.getByLabel(/Harbour Café – Quayside \(0000410002\)/).check();
    await chosen.getByLabel('Approver').check();
    await assertAccessible(operator, 'registrations with a sold-to chosen');
    await shot(operator, 'desktop-admin-approve');
    await chosen.getByRole('button', { name: 'Approve and invite' }).click();
    await chosen.getByText(`Approved: ${email} is invited`).waitFor();
    assert.equal(await chosen.getByLabel('Customer: sold-to code, name or postcode').count(), 0, 'nothing left to decide');

    const invitation = await openMail(operator, email, 'You are invited to order from Meadowvale Foods');
    linkIn(invitation, '/login/reset-password/');
    await operator.goto('/admin/registrations/?status=approved');
    await operator.getByTestId(`registration-${email}`).getByText('admin@meadowvale.example', { exact: false }).waitFor();
  });

  test('an operator declines at 390 px with a reason, which reaches the requester', async () => {
    const email = unique('declined');
    const customer = await shop.newPage({ viewport: PHONE });
    await customer.goto('/login/request-account/');
    await fillRequest(customer, email);
    await customer.getByRole('button', { name: 'Request an account' }).click();
    await customer.getByTestId('request-sent').waitFor();

    const operator = await operatorPage(PHONE);
    await customer.goto(linkIn(await openMail(operator, email, 'Confirm your e-mail address'), '/login/request-account/confirm/'));
    await customer.getByRole('button', { name: 'Confirm my address' }).click();
    await customer.getByTestId('request-confirmed').waitFor();

    await operator.goto('/admin/registrations/');
    const card = operator.getByTestId(`registration-${email}`);
    await card.getByRole('button', { name: 'Decline' }).click();
    await card.getByText('Please give a reason').waitFor();
    await card.getByLabel('Reason (e-mailed to them)').fill('We do not deliver to your area yet.');
    await card.getByRole('button', { name: 'Decline' }).click();
    await card.getByText(`Declined: ${email} is told why`).waitFor();
    assert.ok(await fitsWidth(operator), 'the back office page fits 390 px');
    await shot(operator, 'phone-admin-declined');
    assert.match(await openMail(operator, email, 'Your account request'), /We do not deliver to your area yet\./);
  });
});
