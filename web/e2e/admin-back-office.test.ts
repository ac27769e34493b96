import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, PHONE, startShop, titleOf, type Shop } from './support/shop';

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
    await shop.signIn(page, 'solo@example.com');
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

  test('disables a customer user, who then cannot sign in; the audit log shows it', async () => {
    const page = await shop.newPage();
    await operatorSignIn(page);
    await page.waitForURL('**/admin/orders/');
    await page.goto('/admin/customers/?q=solo%40example.com');
    const user = page.getByTestId('user-solo@example.com').first();
    await user.getByRole('button', { name: 'Disable solo@example.com' }).click();
    await user.getByRole('status').getByText('Disabled').waitFor();

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
