import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible } from './journey-support';
import { DEMO_PASSWORD, PHONE, startShop, type Shop } from './support/shop';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe('back office: a ship-to\'s cut-off reminder hours (docs/phone.md "Cut-off reminders")', () => {
  test('an operator sets, is refused, and returns a ship-to to the default; at 390 px, with axe', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await page.goto('/admin/login/');
    await page.getByLabel('Email address').fill('admin@meadowvale.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/orders/');
    await page.goto('/admin/customers/?q=0000410001');
    await page.waitForLoadState('networkidle');

    const form = page.getByTestId('reminder-0000410001');
    const hours = form.getByLabel('Hours before cut-off for The Corner Deli, York');
    assert.equal(await hours.inputValue(), '3');
    assert.match(await form.innerText(), /Default; 0: no reminders/);

    await hours.fill('99');
    await form.getByRole('button', { name: 'Save reminder hours for The Corner Deli, York' }).click();
    await form.getByRole('alert').getByText('Enter whole hours from 0 to 48 (0: no reminders)').waitFor();
    assert.equal(await hours.inputValue(), '99', 'what was typed stays');

    await hours.fill('5');
    await form.getByRole('button', { name: 'Save reminder hours for The Corner Deli, York' }).click();
    await form.getByRole('status').getByText('Saved: 5 h before the cut-off').waitFor();
    await form.getByText('Own setting; 0: no reminders.').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll at 390 px');
    await assertAccessible(page, 'customers with a reminder setting');
    await shot(page, 'phone-admin-cutoff-reminder');

    await form.getByRole('button', { name: 'Use the default reminder hours for The Corner Deli, York' }).click();
    await form.getByRole('status').getByText('Back to the default: 3 h before the cut-off').waitFor();
    assert.equal(await hours.inputValue(), '3');

    await page.goto('/admin/audit/');
    const log = page.getByTestId('audit-log');
    await log.getByText('shipTo:0000410001').first().waitFor();
    assert.match(await log.innerText(), /shipTo\.cutoffReminder/);
  });
});
