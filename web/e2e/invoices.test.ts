import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, signedIn } from './journey-support';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';

/**
 * Issue 24 in the shop at 390 px: the demo's invoices (kitchen@example.com, api/src/seed/after-delivery-demo.ts),
 * overdue first with the balance, a filter, one invoice with its order and the order with its invoice, the PDF and
 * the statement CSV through the storefront's route handlers. INVOICE_SHOTS=<dir> also saves screenshots at 390 and
 * 1280 px for looking at.
 */
let shop: Shop;
before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const KITCHEN = 'kitchen@example.com';
const shots = process.env.INVOICE_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const titles = (page: Page) => page.getByRole('list', { name: 'Invoices and credit notes' }).getByRole('heading').allInnerTexts();

/** The CSV's rows as cells; the demo's texts have no quoted commas but a company name may be quoted. */
const csvRows = (text: string): string[][] =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.slice(0, -1).map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '')) ?? []);

describe('invoices at 390 px', () => {
  test('list with balance and filters, invoice and order linked, PDF and statement downloads', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, KITCHEN);
    await page.getByRole('button', { name: 'Necessary only' }).click();
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'My account' }).click();
    await menu.getByRole('link', { name: 'Credits' }).waitFor();
    await menu.getByRole('link', { name: 'Invoices' }).click();
    await page.waitForURL((url) => url.pathname === '/account/invoices/');
    await page.getByRole('heading', { name: 'Invoice INV-D90002', exact: true }).waitFor();

    // Overdue first, then open, paid and the credit note; the balance is what is left to pay less the credit.
    assert.deepEqual(await titles(page), ['Invoice INV-D90002', 'Invoice INV-D90003', 'Invoice INV-D90001', 'Credit note CN-D90001']);
    const balances = page.getByRole('list', { name: 'Balance per company' });
    assert.match(await balances.innerText(), /Moorside Kitchens Ltd[\s\S]*£[\d,]+\.\d\d[\s\S]*£[\d,]+\.\d\d overdue/);
    const balanceText = (await balances.locator('li p').nth(1).innerText()).replace(/^Balance\s*/, '').trim();
    assert.equal(await scrollsSideways(page), false);
    await assertAccessible(page, 'invoices at 390 px');
    await shot(page, 'invoices-390');

    await page.getByLabel('Status').selectOption('overdue');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'overdue');
    await page.getByRole('list', { name: 'Invoices and credit notes' }).waitFor();
    assert.deepEqual(await titles(page), ['Invoice INV-D90002']);

    // The invoice, its order, and back from the order to the invoice.
    await page.getByRole('link', { name: 'Invoice INV-D90002', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice INV-D90002' }).waitFor();
    assert.equal(await scrollsSideways(page), false);
    await assertAccessible(page, 'an invoice at 390 px');
    await shot(page, 'invoice-390');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF', exact: true }).click()]);
    assert.equal(pdf.suggestedFilename(), 'INV-D90002.pdf');
    assert.equal(readFileSync(await pdf.path()).subarray(0, 5).toString('latin1'), '%PDF-');
    const orderLink = page.locator('dd').getByRole('link', { name: /^Order MV-/ });
    const orderCode = (await orderLink.innerText()).replace('Order', '').trim();
    await orderLink.click();
    await page.getByRole('heading', { level: 1, name: `Order ${orderCode}` }).waitFor();
    await page.getByRole('region', { name: 'Invoice' }).getByRole('link', { name: 'Invoice INV-D90002' }).waitFor();

    // The statement: a range the wrong way round comes back with the reason, then the CSV for the last 90 days.
    await page.goto('/account/invoices/');
    const statement = page.getByRole('form', { name: 'Download a statement' });
    const to = await statement.getByLabel('To').inputValue();
    await statement.getByLabel('From').fill(to);
    await statement.getByLabel('To').fill('2020-01-01');
    await statement.getByRole('button', { name: 'Download statement (CSV)' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose a "from" date on or before the "to" date' }).waitFor();
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download statement (CSV)' }).click()]);
    assert.match(csvDownload.suggestedFilename(), /^statement-0000100003-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    const rows = csvRows(readFileSync(await csvDownload.path(), 'utf8'));
    assert.deepEqual(rows[0], ['Date', 'Type', 'Number', 'Reference', 'Debit', 'Credit', 'Balance']);
    assert.deepEqual(rows[1]?.slice(1, 3), ['Opening balance', '0000100003']);
    assert.equal(rows[1]?.[6], '0.00');
    const body = rows.slice(2, -1);
    assert.deepEqual(body.map((row) => [row[1], row[2]]), [
      ['Invoice', 'INV-D90001'],
      ['Credit note', 'CN-D90001'],
      ['Invoice', 'INV-D90002'],
      ['Payment', 'INV-D90001'],
      ['Invoice', 'INV-D90003'],
    ]);
    // Each row's balance is the one before plus its debit less its credit; the closing balance is the page's.
    let balance = 0;
    for (const row of body) {
      balance += Math.round(Number(row[4] || 0) * 100) - Math.round(Number(row[5] || 0) * 100);
      assert.equal(Math.round(Number(row[6]) * 100), balance, row.join(','));
    }
    const closing = rows.at(-1);
    assert.equal(closing?.[1], 'Closing balance');
    assert.equal(`£${Number(closing?.[6]).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`, balanceText);
  });

  test('1280 px: the list and an invoice, for the screenshots and sideways scroll', async () => {
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, KITCHEN);
    await page.getByRole('button', { name: 'Necessary only' }).click();
    await page.goto('/account/invoices/');
    await page.getByRole('heading', { name: 'Invoice INV-D90002', exact: true }).waitFor();
    assert.equal(await scrollsSideways(page), false);
    await shot(page, 'invoices-1280');
    await page.getByRole('link', { name: 'Invoice INV-D90001', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice INV-D90001' }).waitFor();
    await shot(page, 'invoice-1280');
  });
});
