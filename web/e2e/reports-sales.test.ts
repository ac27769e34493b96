import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, afterEach, before, describe, test } from 'node:test';
import { sealData } from 'iron-session';
import type { Page } from 'playwright-core';
import { assertAccessible, orderableProducts } from './journey-support';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { apiCall, placeOrder, scrollsSideways, type Who } from './weekly-support';

/**
 * The operators' sales report (docs/reports.md "Operators' reports"): Sam Okafor (the Corner Deli) places an
 * order; an operator opens Reports from the back office menu, asks for the week up to its delivery date and reads
 * that day's sales in the chart's table, on a phone and a desktop, and downloads the table as CSV.
 */
const SOLO: Who = { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' };
const OPERATOR = { email: 'admin@meadowvale.example', name: 'Alex Admin', role: 'admin' };

interface Money {
  valuePence: number;
  formattedValue: string;
}
interface SalesReport {
  total: Money;
  byDay: { day: string; sales: Money; orders: number }[];
  topCustomers: { code: string; name: string; sales: Money }[];
}

let shop: Shop;

before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

async function operatorToken(): Promise<{ token: string; expiresIn: number }> {
  const response = await fetch(`${shop.apiUrl}/admin/v1/auth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: OPERATOR.email, password: 'Meadowvale-demo-1' }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  const body = (await response.json()) as { access_token: string; expires_in: number };
  return { token: body.access_token, expiresIn: body.expires_in };
}

/** A page of the back office, signed in by sealing the operator's session cookie. */
async function operatorPage(viewport: { width: number; height: number }): Promise<Page> {
  const { token, expiresIn } = await operatorToken();
  const session = { kind: 'operator', token, expiresAt: Math.floor(Date.now() / 1000) + expiresIn, operator: OPERATOR };
  const value = await sealData(session, { password: shop.secrets.sessionSecret, ttl: 8 * 3600 });
  const page = await shop.newPage({ viewport });
  await page.context().addCookies([{ name: 'mv_admin', value, domain: '127.0.0.1', path: '/admin', httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const dayLabel = (day: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

describe('the operators sales report', () => {
  for (const [label, viewport] of [['390 px', PHONE], ['1280 px', DESKTOP]] as const) {
    test(`at ${label}: an operator reads a day's sales in the chart and its table, and downloads it`, async () => {
      const [product] = (await orderableProducts(shop, SOLO, 20)).filter((candidate) => candidate.minOrderQuantity === 1);
      assert.ok(product, 'an orderable product for the Corner Deli');
      const { deliveryDates } = await apiCall<{ deliveryDates: { date: string }[] }>(shop, SOLO, 'GET', '/users/current/deliverydates');
      const delivery = deliveryDates[0]?.date as string;
      const from = addDays(delivery, -6);
      const { token } = await operatorToken();
      const read = async () => (await (await fetch(`${shop.apiUrl}/admin/v1/reports/sales?from=${from}&to=${delivery}`, { headers: { authorization: `Bearer ${token}` } })).json()) as SalesReport;
      const before = await read();
      await placeOrder(shop, SOLO, [{ code: product.code, quantity: 2 }]);
      const report = await read();
      const day = report.byDay.find((entry) => entry.day === delivery);
      assert.ok(day && report.total.valuePence > before.total.valuePence, 'the order counts on its delivery day');

      const page = await operatorPage(viewport);
      await page.goto('/admin/orders/');
      const menu = page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports', exact: true });
      await Promise.all([page.waitForURL('**/admin/reports/'), menu.click()]);
      await page.getByRole('heading', { level: 1, name: 'Sales reports' }).waitFor();
      await page.getByLabel('From', { exact: true }).fill(from);
      await page.getByLabel('To', { exact: true }).fill(delivery);
      await Promise.all([page.waitForURL(`**/admin/reports/?from=${from}&to=${delivery}`), page.getByRole('button', { name: 'Show' }).click()]);
      await page.getByText(`: ${report.total.formattedValue}`, { exact: false }).first().waitFor();

      const byDay = page.getByRole('figure', { name: 'Sales by day' });
      await byDay.getByRole('img', { name: /^Sales by day: a bar chart/ }).waitFor();
      const table = byDay.getByRole('table', { name: 'Sales by day' });
      assert.equal(await table.getByRole('row').count(), 8, 'a row a day and the heading');
      const row = table.getByRole('row', { name: new RegExp(`^${dayLabel(delivery)} · ${day.orders} orders?`) });
      assert.equal(await row.getByRole('cell').textContent(), day.sales.formattedValue);
      assert.equal(await byDay.locator('svg text', { hasText: day.sales.formattedValue }).count() >= 1, true, 'the bar shows the figure');
      const customers = page.getByRole('figure', { name: 'Top customers' }).getByRole('table');
      assert.equal(await customers.getByRole('row').count(), report.topCustomers.length + 1);

      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/reports-sales-${viewport.width}.png`, fullPage: true });
      if (viewport === PHONE) assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
      await assertAccessible(page, `the sales reports at ${label}`);

      const [download] = await Promise.all([page.waitForEvent('download'), byDay.getByRole('link', { name: 'Download sales by day (CSV)' }).click()]);
      assert.equal(download.suggestedFilename(), `sales-days-${from}-${delivery}.csv`);
      const lines = readFileSync(await download.path(), 'utf8').trim().split('\r\n');
      assert.equal(lines[0], 'Delivery date,Orders,Sales (GBP)');
      assert.ok(lines.includes(`${delivery},${day.orders},${(day.sales.valuePence / 100).toFixed(2)}`), lines.join('\n'));
    });
  }
});
