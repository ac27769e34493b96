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

const londonDay = (offsetDays: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + offsetDays * 86_400_000));

async function operatorSignIn(page: Page) {
  await page.goto('/admin/login/');
  await page.getByLabel('Email address').fill('admin@meadowvale.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/orders/');
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('back office: promotions (docs/promotions.md)', () => {
  for (const [viewport, code] of [
    [DESKTOP, 'E2E-WIDE'],
    [PHONE, 'E2E-PHONE'],
  ] as const) {
    test(`an operator creates a percentage off, sees it live, changes it and ends it early; at ${viewport.width} px, with axe`, async () => {
      const page = await shop.newPage({ viewport });
      await operatorSignIn(page);
      await page.goto('/admin/promotions/');
      await page.getByRole('link', { name: 'New promotion' }).click();
      await page.waitForURL('**/admin/promotions/new/');

      const form = page.getByRole('form', { name: 'New promotion' });
      await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
      await form.getByLabel('Name', { exact: true }).fill('Brie 10 % off');
      await form.getByLabel('Value', { exact: true }).fill('10');
      await form.getByLabel('Product codes or category ids').fill('100001 NOPE1');
      await form.getByLabel('Last day').fill(londonDay(14));
      await form.getByRole('button', { name: 'Create promotion' }).click();
      // The API's refusal is said next to the field it names, and what was typed stays.
      await form.getByRole('alert').getByText("Unknown product codes: 'NOPE1'").waitFor();
      assert.equal(await form.getByLabel('Name', { exact: true }).inputValue(), 'Brie 10 % off');
      assert.equal(await noSidewaysScroll(page), true, 'no sideways scroll on the form');
      await assertAccessible(page, 'the new promotion form with an error');

      await form.getByLabel('Product codes or category ids').fill('100001');
      await form.getByRole('button', { name: 'Create promotion' }).click();
      await page.waitForURL('**/admin/promotions/?saved=*');
      await page.getByRole('status').getByText(`Saved ${code}`).waitFor();
      const row = page.getByTestId(`promotion-${code}`);
      assert.match(await row.innerText(), /10 % off/);
      assert.match(await row.innerText(), /Live/);
      assert.match(await row.innerText(), /Everyone/);
      assert.equal(await noSidewaysScroll(page), true, 'no sideways scroll on the list');
      await assertAccessible(page, 'the promotions list');

      await row.getByRole('link', { name: code }).click();
      await page.waitForURL(`**/admin/promotions/${code}/`);
      const edit = page.getByRole('form', { name: `Change ${code}` });
      await edit.getByLabel('Value', { exact: true }).fill('150');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.getByRole('alert').getByText('Enter a percentage from 0.01 to 100, e.g. 12.5').waitFor();
      await edit.getByLabel('Value', { exact: true }).fill('12.5');
      await edit.getByLabel('Name', { exact: true }).fill('Brie 12.5 % off');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForURL('**/admin/promotions/?saved=*');
      assert.match(await page.getByTestId(`promotion-${code}`).innerText(), /Brie 12\.5 % off[\s\S]*12\.5 % off/);

      await page.getByRole('button', { name: `End ${code} now` }).click();
      await page.getByRole('button', { name: 'Yes, end it now' }).click();
      await page.getByTestId(`promotion-${code}`).getByRole('status').getByText(`${code} has ended`).waitFor();
      await page.goto('/admin/promotions/?status=ended');
      assert.match(await page.getByTestId(`promotion-${code}`).innerText(), /Ended early/);
      await page.goto('/admin/promotions/?status=live');
      assert.equal(await page.getByTestId(`promotion-${code}`).count(), 0);
    });
  }
});
