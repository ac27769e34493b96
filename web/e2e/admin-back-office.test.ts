import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorApiToken, placeOrderViaApi, reportStatusViaApi } from './support/orders-api';
import { sealedSignIn } from './support/session';
import { DEMO_PASSWORD, DESKTOP, PHONE, startShop, titleOf, type Shop } from './support/shop';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const ADMIN = 'admin@meadowvale.example';

async function operatorSignIn(page: Page, password = DEMO_PASSWORD) {
  await page.goto('/admin/login/');
  await page.getByLabel('Email address').fill(ADMIN);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const GOOD_PRODUCT = `code,name,brand,range,category,packSize,listPrice,vatRate,storage,shelfLifeDays\n990001,Browser Imported Skyr,Testbrand,DAIR,DAIR_BUTTER,6 x 450 g,14.20,0,chilled,28\n`;
const BAD_PRODUCT = `${GOOD_PRODUCT}990002,Skyr With A Bad Price,Testbrand,DAIR,DAIR_BUTTER,6 x 450 g,fourteen,0,chilled,28\n`;

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * Locks a customer user as a spread guessing attack would: more wrong passwords from many addresses (the API
 * believes X-Forwarded-For from loopback) than one account may take in a window.
 */
async function lockUser(shop: Shop, username: string): Promise<void> {
  const basic = `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`;
  for (let attempt = 0; attempt <= 50; attempt += 1) {
    const response = await fetch(`${shop.apiUrl}/authorizationserver/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.77.0.${attempt + 1}` },
      body: new URLSearchParams({ grant_type: 'password', username, password: 'not-the-password', channel: 'cfi' }).toString(),
    });
    assert.equal(response.status, 400, await response.text());
  }
}

async function chooseFile(page: Page, name: string, content: string) {
  await page.getByLabel('File (CSV with a header row, or JSON)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

describe('back office', () => {
  test('an operator signs in (a wrong password is refused), the token never reaches the page, and signs out', async () => {
    const page = await shop.newPage();
    await operatorSignIn(page, 'not-the-password');
    assert.match(await page.getByTestId('admin-login-error').innerText(), /Bad credentials/);

    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/orders/');
    assert.equal(await titleOf(page), 'Meadowvale Foods back office | Orders');
    assert.match(await page.getByTestId('admin-operator').innerText(), /Alex Admin \(admin\)/);
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'mv_admin');
    assert.ok(cookie?.httpOnly, 'the operator session is an httpOnly cookie');
    assert.equal(cookie.path, '/admin');
    const readable = await page.evaluate(() => `${document.cookie} ${JSON.stringify(localStorage)} ${JSON.stringify(sessionStorage)} ${document.documentElement.outerHTML}`);
    assert.doesNotMatch(readable, /mv_admin|access_token|Bearer/);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have been signed out.').waitFor();
    await page.goto('/admin/customers/');
    await page.waitForURL('**/admin/login/**');
    assert.equal(new URL(page.url()).searchParams.get('next'), '/admin/customers/');
  });

  test('a customer session never opens the back office', async () => {
    const page = await shop.newPage();
    await sealedSignIn(shop, page, 'solo@example.com');
    await page.goto('/admin/orders/');
    await page.waitForURL('**/admin/login/**');
    await page.getByRole('heading', { name: 'Back office sign in' }).waitFor();
  });

  test('imports a file with a bad row (refused, named by line and column), then the corrected file', async () => {
    const page = await shop.newPage();
    await operatorSignIn(page);
    await page.waitForURL('**/admin/orders/');
    await page.getByRole('link', { name: 'Imports' }).click();
    await page.getByRole('heading', { name: 'Imports', level: 1 }).waitFor();
    await page.getByLabel('What the file holds').selectOption('products');

    await chooseFile(page, 'skyr-bad.csv', BAD_PRODUCT);
    await page.getByRole('button', { name: 'Check file' }).click();
    const report = page.getByTestId('import-report');
    await report.getByText('1 of 2 rows would be refused').waitFor();
    const row = report.locator('tbody tr');
    assert.deepEqual((await row.first().locator('td').allInnerTexts()).slice(0, 2), ['3', 'listPrice']);
    assert.equal(await page.getByRole('button', { name: 'Apply import' }).count(), 0, 'a file with refused rows cannot be applied');

    await chooseFile(page, 'skyr-good.csv', GOOD_PRODUCT);
    await page.getByRole('button', { name: 'Check file' }).click();
    await report.getByText('All 1 rows are valid').waitFor();
    await page.getByRole('button', { name: 'Apply import' }).click();
    await report.getByText('Imported: 1 new, 0 changed, 0 unchanged').waitFor();
    const history = page.getByTestId('import-history');
    // The good file has two runs (its check and the import); the bad one only its check.
    await history.getByRole('row').filter({ hasText: 'skyr-good.csv' }).filter({ hasText: 'applied' }).waitFor();
    await history.getByRole('row').filter({ hasText: 'skyr-bad.csv' }).filter({ hasText: 'checked (dry run)' }).waitFor();

    await page.goto('/admin/products/?q=990001');
    await page.getByTestId('product-990001').waitFor();
  });

  test('unlocking a locked user asks first and says it was done once the Unlock button has gone', async () => {
    await lockUser(shop, 'multi@example.com');
    // On a phone the question is asked and taken back; at desktop width the user is unlocked.
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await shop.newPage({ viewport });
      await operatorSignIn(page);
      await page.waitForURL('**/admin/orders/');
      await page.goto('/admin/customers/?q=multi%40example.com');
      const user = page.getByTestId('user-multi@example.com').first();
      await user.getByText('Locked').waitFor();
      await user.getByRole('button', { name: 'Unlock multi@example.com' }).click();
      await user.getByText('Unlock multi@example.com? Their failed sign-ins are forgotten').waitFor();
      await shot(page, `${label}-admin-unlock-asked`);
      if (label === 'phone') {
        await user.getByRole('button', { name: 'Cancel' }).click();
        await user.getByRole('button', { name: 'Unlock multi@example.com' }).waitFor();
        continue;
      }
      await user.getByRole('button', { name: 'Yes, unlock' }).click();
      await user.getByRole('status').getByText('Unlocked: they can sign in again').waitFor();
      assert.equal(await user.getByRole('button', { name: 'Unlock multi@example.com' }).count(), 0);
      await user.getByText('Active').waitFor();
      await shot(page, `${label}-admin-unlocked`);
    }
  });

  test('the audit log filters order changes and shows what changed in words', async () => {
    const order = await placeOrderViaApi(shop, 'solo@example.com', '0000410001', 'DAIR', [1]);
    await reportStatusViaApi(shop, await operatorApiToken(shop), order.code, { status: 'confirmed', note: 'See you Tuesday' });
    for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const page = await shop.newPage({ viewport });
      await operatorSignIn(page);
      await page.waitForURL('**/admin/orders/');
      await page.goto('/admin/audit/');
      await page.getByLabel('Action').selectOption({ label: 'Orders' });
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL('**/admin/audit/?action=order.**');
      const log = page.getByTestId('audit-log');
      const row = log.getByRole('row').filter({ hasText: `order:${order.code}` });
      await row.getByText('status: placed → confirmed').waitFor();
      await row.getByText('note: See you Tuesday').waitFor();
      assert.doesNotMatch(await log.innerText(), /[{}"]/, 'no raw JSON');
      assert.doesNotMatch(await log.innerText(), /user\.|product\./, 'only order changes');
      await shot(page, `${label}-admin-audit-orders`);
    }
  });

  test('disables a customer user, who then cannot sign in; the audit log shows it', async () => {
    const page = await shop.newPage();
    await operatorSignIn(page);
    await page.waitForURL('**/admin/orders/');
    await page.goto('/admin/customers/?q=solo%40example.com');
    const user = page.getByTestId('user-solo@example.com').first();
    await user.getByRole('button', { name: 'Disable solo@example.com' }).click();
    // Asked once first; Cancel takes it back and nothing changes.
    await user.getByText('Disable solo@example.com? They are signed out').waitFor();
    await user.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await user.getByRole('button', { name: 'Yes, disable' }).count(), 0);
    await user.getByRole('button', { name: 'Disable solo@example.com' }).click();
    await user.getByRole('button', { name: 'Yes, disable' }).click();
    await user.getByRole('status').getByText('Disabled: they cannot sign in').waitFor();
    await user.getByRole('button', { name: 'Enable solo@example.com' }).waitFor();

    const customer = await shop.newPage();
    await customer.goto('/login/');
    await customer.getByLabel('Email address').fill('solo@example.com');
    await customer.getByLabel('Password').fill(DEMO_PASSWORD);
    await customer.getByRole('button', { name: 'Sign in' }).click();
    assert.match(await customer.getByTestId('login-error').innerText(), /User is disabled/);

    await page.goto('/admin/audit/');
    const log = page.getByTestId('audit-log');
    await log.getByText('user:solo@example.com').first().waitFor();
    assert.match(await log.innerText(), /user\.disable/);
  });

  test('the back office fits a phone: no sideways scroll at 390 px', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await operatorSignIn(page);
    await page.waitForURL('**/admin/orders/');
    for (const path of ['/admin/orders/', '/admin/customers/', '/admin/products/', '/admin/imports/', '/admin/audit/']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow}px`);
    }
  });
});
