import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { addUnitsViaApi, userToken } from './support/api';
import { operatorApiToken, placeOrderViaApi, reportStatusViaApi } from './support/orders-api';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';

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

/** head@example.com (company admin of Harbour Hospitality) sets buyer@example.com's roles there, as on the Company users page. */
async function setBuyerRoles(roles: string[]): Promise<void> {
  const token = await userToken(shop, 'head@example.com');
  const response = await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current/orgUsers/${encodeURIComponent('buyer@example.com')}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ roles: [{ soldTo: '0000100001', roles }] }),
  });
  assert.equal(response.status, 200, await response.text());
}

const shots = (name: string, page: Page) => (process.env.E2E_SHOTS_DIR ? page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}.png`, fullPage: true }) : undefined);

describe('one account with two ranges (buyer@example.com), roles that change, orders of other accounts', () => {
  for (const [label, viewport] of [['1280 px', DESKTOP], ['390 px', PHONE]] as const) {
    test(`at ${label}: the sole account is chosen, only the range is asked, then home; a role given shows on the next page`, async () => {
      const page = await shop.newPage({ viewport });
      await shop.signIn(page, 'buyer@example.com');
      assert.equal(new URL(page.url()).pathname, '/account/select/');
      await page.getByRole('heading', { level: 1, name: 'Which range do you want to order first?' }).waitFor();
      assert.deepEqual(await page.getByRole('button', { name: /^Order / }).allInnerTexts(), ['Order Chill', 'Order Dairy']);
      assert.equal(await page.getByLabel('Account', { exact: true }).count(), 0, 'no account to choose');
      await shots(`accounts-range-question-${viewport.width}`, page);
      await page.getByRole('button', { name: 'Order Dairy' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      assert.match(await page.locator('.switcher-button').first().innerText(), /(0000410002|Quayside)[\s\S]*Dairy/);

      const drawer = page.getByRole('dialog', { name: 'Menu' });
      const menuLinks = async () => {
        const menu = viewport === DESKTOP ? page.locator('.account-menu') : drawer;
        if (viewport === DESKTOP) await page.getByRole('button', { name: 'My account' }).click();
        else {
          await page.getByRole('button', { name: 'Menu', exact: true }).click();
          await drawer.getByRole('button', { name: 'My account' }).click();
        }
        await menu.getByRole('link', { name: 'User details' }).waitFor();
        const links = (await menu.getByRole('link').allInnerTexts()).map((text) => text.trim());
        await page.keyboard.press('Escape');
        if (viewport !== DESKTOP) await drawer.waitFor({ state: 'hidden' });
        return links;
      };
      assert.ok(!(await menuLinks()).includes('Approvals'));
      await setBuyerRoles(['approver']);
      try {
        const toOrderHistory = async () => {
          if (viewport === DESKTOP) await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order history' }).click();
          else {
            await page.getByRole('button', { name: 'Menu', exact: true }).click();
            await drawer.getByRole('link', { name: 'Order history' }).click();
          }
          await page.waitForURL((url) => url.pathname === '/account/orders/');
          await page.getByRole('heading', { level: 1 }).waitFor();
        };
        // The shop answers this navigation by loading the whole page (proxy.ts), which may still be under way when
        // the new address shows: the menu is read until the reloaded page draws it, for at most fifteen seconds
        // (each read waits five at most, so a menu torn away by the reload does not hold the test for long).
        const approvalsShown = async () => {
          const deadline = Date.now() + 15_000;
          page.setDefaultTimeout(5_000);
          try {
            while (Date.now() < deadline) {
              if (await menuLinks().then((links) => links.includes('Approvals'), () => false)) return true;
              await page.waitForTimeout(500);
            }
            return false;
          } finally {
            page.setDefaultTimeout(30_000);
          }
        };
        // A navigation inside the shop, not a reload: the next page already has the new menu. The proxy waits at
        // most three seconds for the API to say who the user is and otherwise draws the page with the roles it
        // knew; on a machine that loaded the change shows one page later, which is what a user sees too.
        // A loaded CI machine can miss the three seconds twice in a row, so the user goes on for up to three pages,
        // the last one by reloading it (still without signing in again). Each page is read once it has loaded: the
        // proxy's answer to a changed user makes the browser load the whole page again after the address changed.
        let sawApprovals = false;
        for (let pages = 0; pages < 3 && !sawApprovals; pages += 1) {
          if (pages < 2) await toOrderHistory();
          else await page.reload();
          await page.waitForLoadState('load');
          sawApprovals = await approvalsShown();
        }
        assert.ok(sawApprovals, 'the approver sees Approvals without signing in again');
      } finally {
        await setBuyerRoles([]);
      }
    });
  }

  test('an e-mailed approval link, signed out: sign in, choose the range, and land on the approval', async () => {
    await setBuyerRoles(['approver']);
    try {
      const page = await shop.newPage({ viewport: PHONE });
      await page.goto('/account/approvals/?order=MV-000001');
      await page.waitForURL((url) => url.pathname === '/login/');
      await page.getByLabel('Email address').fill('buyer@example.com');
      await page.getByLabel('Password').fill('Meadowvale-demo-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Which range do you want to order first?' }).waitFor();
      await page.getByRole('button', { name: 'Order Chill' }).click();
      await page.waitForURL((url) => url.pathname === '/account/approvals/');
      assert.equal(new URL(page.url()).searchParams.get('order'), 'MV-000001');
      await page.getByRole('heading', { level: 1 }).waitFor();
    } finally {
      await setBuyerRoles([]);
    }
  });

  for (const [label, viewport] of [['1280 px', DESKTOP], ['390 px', PHONE]] as const) {
    test(`at ${label}: a colleague's delivered order of another account opens read-only with its check-in link, and one click switches to its account`, async () => {
      const order = await placeOrderViaApi(shop, 'buyer@example.com', '0000410002', 'DAIR', [1]);
      const operator = await operatorApiToken(shop);
      for (const status of ['confirmed', 'picking', 'dispatched', 'delivered']) await reportStatusViaApi(shop, operator, order.code, { status });

      const page = await shop.newPage({ viewport });
      await shop.signIn(page, 'head@example.com');
      await chooseAccount(page, '0000410003');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/account/orders/${order.code}/`);
      const notice = page.getByRole('region', { name: 'Another account' });
      await notice.getByText('This order is for Harbour Café – Quayside (0000410002), Dairy', { exact: false }).waitFor();
      await page.getByRole('link', { name: 'Check in delivery' }).waitFor();
      assert.equal(await page.locator('main dl').getByText('Ben Carter', { exact: true }).count(), 1, 'who placed it');
      assert.equal(await page.getByRole('button', { name: /^Reorder/ }).count(), 0);
      await shots(`accounts-other-account-order-${viewport.width}`, page);

      await notice.getByRole('button', { name: 'Switch to Harbour Café – Quayside, Dairy' }).click();
      await notice.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).pathname, `/account/orders/${order.code}/`);
      assert.match(await page.locator('.switcher-button').first().innerText(), /(0000410002|Quayside)[\s\S]*Dairy/);
      await page.getByRole('link', { name: 'Check in delivery' }).waitFor();
      assert.equal(await page.getByRole('button', { name: /^Reorder/ }).count(), 0, "a colleague's order is not reordered from here");
      assert.equal(await page.getByRole('link', { name: 'Edit order' }).count(), 0);
    });
  }
});
