import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible } from './journey-support';
import { DEMO_PASSWORD, DESKTOP, PHONE, startShop, type Shop } from './support/shop';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const ADMIN = 'admin@meadowvale.example';
const NEW_PASSWORD = 'Marmalade-on-the-quayside-42';

/** The link in the newest mail to `to`, read where demo mode keeps mail: the back office's /admin/mail/. */
async function linkFromMail(operator: Page, to: string): Promise<string> {
  await operator.goto('/admin/mail/');
  await operator.getByTestId('mail-list').getByRole('row').filter({ hasText: to }).first().getByRole('link').click();
  const text = await operator.getByTestId('mail-text').innerText();
  const link = /https?:\/\/\S+\?token=\S+/.exec(text)?.[0];
  assert.ok(link, `no link in the mail: ${text}`);
  return link;
}

async function operatorSignedIn(password = DEMO_PASSWORD): Promise<Page> {
  const page = await shop.newPage();
  await page.goto('/admin/login/');
  await page.getByLabel('Email address').fill(ADMIN);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/admin/login')), page.getByRole('button', { name: 'Sign in' }).click()]);
  return page;
}

/** The shop's link points at SHOP_URL; the test's storefront runs at a port of its own. */
const onThisShop = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe('forgotten and changed passwords (docs/people.md "Passwords")', () => {
  for (const [width, viewport, username] of [
    ['desktop', DESKTOP, 'solo@example.com'],
    ['phone', PHONE, 'multi@example.com'],
  ] as const) {
    test(`${width}: forgot → the mail at /admin/mail/ → a new password → sign in with it, then change it at /account/password/`, async () => {
      const page = await shop.newPage({ viewport });
      await page.goto('/login/');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL('**/login/forgot-password/');
      await assertAccessible(page, `forgot password at ${width}`);
      await page.getByLabel('Email address').fill(username);
      await page.getByRole('button', { name: 'Send the link' }).click();
      assert.match(await page.getByTestId('forgot-done').innerText(), new RegExp(`If ${username} has an account, we have sent it a link`));

      const operator = await operatorSignedIn();
      const link = await linkFromMail(operator, username);
      assert.match(link, /\/login\/reset-password\/\?token=/);

      await page.goto(onThisShop(link));
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      assert.equal(await page.getByTestId('sign-in-address').innerText(), `For ${username}, the address you sign in with.`);
      const field = page.getByLabel('New password');
      await field.fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByText('This is your current password; choose a new one').waitFor();
      await field.fill('password1234');
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByText('This password is too common or has been in a data breach; choose another').waitFor();
      assert.equal(await field.inputValue(), 'password1234', 'what was typed stays');
      await assertAccessible(page, `reset password with an error at ${width}`);
      await field.fill(NEW_PASSWORD);
      await Promise.all([page.waitForURL('**/login/?passwordSet=1*'), page.getByRole('button', { name: 'Save password' }).click()]);
      await page.getByTestId('password-set').waitFor();
      assert.equal(await page.getByLabel('Email address').inputValue(), username, 'sign-in comes filled in with the address');

      // The link worked once.
      await page.goto(onThisShop(link));
      await page.getByRole('heading', { name: 'This link is invalid or has expired' }).waitFor();

      await shop.signIn(page, username, NEW_PASSWORD);
      await page.goto('/account/password/');
      await page.getByLabel('Current password').fill('not-my-password');
      await page.getByLabel('New password').fill(`${NEW_PASSWORD}-2`);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Current password is wrong').waitFor();
      assert.equal(await page.getByLabel('New password').inputValue(), `${NEW_PASSWORD}-2`);
      await page.getByLabel('Current password').fill(NEW_PASSWORD);
      await page.getByLabel('New password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('This is your current password; choose a new one').waitFor();
      await page.getByLabel('New password').fill(`${NEW_PASSWORD}-2`);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByTestId('password-changed').waitFor();
      await assertAccessible(page, `change password at ${width}`);
      // This session stays signed in.
      await page.goto('/account/password/');
      assert.equal(new URL(page.url()).pathname, '/account/password/');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
    });
  }

  test('an unknown link says so and offers a new one', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await page.goto('/login/reset-password/?token=not-a-real-token');
    await page.getByRole('heading', { name: 'This link is invalid or has expired' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL('**/login/forgot-password/');
  });

  test('an operator resets at /admin/login/: "Forgot your password?", the mail, the new password signs in', async () => {
    const page = await shop.newPage();
    await page.goto('/admin/login/');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/admin/login/forgot-password/');
    await page.getByLabel('Email address').fill(ADMIN);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByTestId('forgot-done').waitFor();

    const operator = await operatorSignedIn();
    const link = await linkFromMail(operator, ADMIN);
    assert.match(link, /\/admin\/login\/reset-password\/\?token=/);
    await page.goto(onThisShop(link));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await Promise.all([page.waitForURL('**/admin/login/?passwordSet=1'), page.getByRole('button', { name: 'Save password' }).click()]);
    await page.getByText('Your password is set. Sign in with it.').waitFor();
    await page.getByLabel('Email address').fill(ADMIN);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/admin/login')), page.getByRole('button', { name: 'Sign in' }).click()]);
  });
});
