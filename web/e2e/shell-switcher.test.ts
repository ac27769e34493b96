import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { addUnitsViaApi } from './support/api';
import { startShop, type Shop } from './support/shop';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const switcherButton = (page: Page) => page.locator('.header-sub .switcher-button');

async function chooseAccount(page: Page, code: string) {
  const input = page.getByLabel('Account', { exact: true });
  await input.focus();
  await input.press('ArrowDown');
  await page.getByRole('option', { name: new RegExp(code) }).click();
}

async function activeAccount(page: Page): Promise<string> {
  return (await switcherButton(page).innerText()).replace(/\s+/g, ' ').trim();
}

async function openSwitcher(page: Page) {
  await switcherButton(page).click();
  await page.getByRole('dialog', { name: 'Switch accounts' }).getByLabel('Account', { exact: true }).waitFor();
}

async function signInMultiAt(page: Page, code: string, range?: 'Chill' | 'Dairy') {
  await shop.signIn(page, 'multi@example.com');
  assert.equal(new URL(page.url()).pathname, '/account/select/');
  await chooseAccount(page, code);
  if (range) await page.getByRole('dialog', { name: 'Which range do you want to order first?' }).getByRole('button', { name: `Order ${range}` }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await switcherButton(page).waitFor();
}

describe('account switcher (multi@example.com)', () => {
  test('/account/select/: an account with one range is set up at once and the user goes home', async () => {
    const page = await shop.newPage();
    await signInMultiAt(page, '0000410003');
    assert.match(await activeAccount(page), /Harbour Café – Old Town \(0000410003\) Dairy/);
  });

  test('an account with two ranges asks which range to order first, then switches to it', async () => {
    const page = await shop.newPage();
    await signInMultiAt(page, '0000410003');
    await openSwitcher(page);
    await chooseAccount(page, '0000410002');
    const ask = page.getByRole('dialog', { name: 'Which range do you want to order first?' });
    await ask.waitFor();
    assert.deepEqual(await ask.getByRole('button', { name: /^Order / }).allInnerTexts(), ['Order Chill', 'Order Dairy']);
    await ask.getByRole('button', { name: 'Order Chill' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(() => document.querySelector('.header-sub .switcher-button')?.textContent?.includes('0000410002'));
    assert.match(await activeAccount(page), /\(0000410002\) Chill/);
  });

  test('closing the range question resets the choice and keeps the active account', async () => {
    const page = await shop.newPage();
    await signInMultiAt(page, '0000410004');
    await openSwitcher(page);
    await chooseAccount(page, '0000410002');
    const ask = page.getByRole('dialog', { name: 'Which range do you want to order first?' });
    await ask.waitFor();
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    const form = page.getByRole('dialog', { name: 'Switch accounts' });
    assert.match(await form.locator('.dropdown').first().innerText(), /0000410004/);
    await page.keyboard.press('Escape');
    assert.equal(new URL(page.url()).pathname, '/');
    assert.match(await activeAccount(page), /\(0000410004\) Chill/);
  });

  test('with units in the cart: confirm first; "Continue to checkout" goes to the cart, "Switch account" switches, and items come back on return', async () => {
    const units = await addUnitsViaApi(shop, 'multi@example.com', '0000410002', 'CHIL', 3);
    assert.ok(units > 0);
    const page = await shop.newPage();
    await signInMultiAt(page, '0000410002', 'Chill');
    const count = page.getByTestId('cart-count').first();
    assert.match(await count.innerText(), new RegExp(`${units}`));

    await openSwitcher(page);
    await chooseAccount(page, '0000410004');
    let confirm = page.getByRole('dialog', { name: 'Do you want to checkout before switching accounts?' });
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /temporarily removed/);
    assert.match(await confirm.innerText(), /restored when you return/);
    await confirm.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/cart/');
    assert.match(await activeAccount(page), /\(0000410002\) Chill/);

    await openSwitcher(page);
    await chooseAccount(page, '0000410004');
    confirm = page.getByRole('dialog', { name: 'Do you want to checkout before switching accounts?' });
    await confirm.getByRole('button', { name: 'Switch account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(() => document.querySelector('.header-sub .switcher-button')?.textContent?.includes('0000410004'));
    assert.match(await page.getByTestId('cart-count').first().innerText(), /^0/);

    await openSwitcher(page);
    await chooseAccount(page, '0000410002');
    await page.getByRole('button', { name: 'Order Chill' }).click();
    await page.waitForFunction(() => document.querySelector('.header-sub .switcher-button')?.textContent?.includes('0000410002'));
    assert.match(await page.getByTestId('cart-count').first().innerText(), new RegExp(`^${units}`));
  });

  test('keyboard only: open the switcher, pick an account, focus returns to the switcher button on close', async () => {
    const page = await shop.newPage();
    await signInMultiAt(page, '0000410003');
    await switcherButton(page).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Switch accounts' });
    const input = form.getByLabel('Account', { exact: true });
    await input.waitFor();
    await input.focus();
    assert.equal(await input.evaluate((element) => element === document.activeElement), true);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    assert.equal(await switcherButton(page).evaluate((element) => element === document.activeElement), true);

    await page.keyboard.press('Enter');
    await input.waitFor();
    await input.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.header-sub .switcher-button')?.textContent?.includes('0000410004'));
  });

  test('the dropdown follows the requirements: "Type to search" on focus, results announced, library defaults', async () => {
    const page = await shop.newPage();
    await shop.signIn(page, 'multi@example.com');
    const input = page.getByLabel('Account', { exact: true });
    assert.equal(await input.getAttribute('id'), 'shipto-account');
    await input.focus();
    await page.getByText('Type to search').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.getByText(/3 results available/).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await page.getByText('Please choose an account').waitFor();
  });
});
