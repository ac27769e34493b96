import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, afterEach, before, describe, test } from 'node:test';
import { sealedSignIn } from './support/session';
import { assertAccessible } from './journey-support';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { apiCall, scrollsSideways, type Who } from './weekly-support';

/**
 * Head office's spend report (docs/reports.md): head@example.com reads the charts of Harbour Hospitality's spend
 * (the demo's delivered orders of Quayside and Old Town) on a phone and a desktop, with a monthly limit of its own
 * on Old Town that one month passes, the tables behind the charts, and a CSV download.
 */
const HEAD: Who = { username: 'head@example.com', shipTo: '0000410002', salesOrg: 'DAIR' };
const OLD_TOWN = '0000410003';

interface Money {
  valuePence: number;
  formattedValue: string;
}
interface Report {
  from: string;
  to: string;
  total: Money;
  sites: { code: string; name: string; spend: Money; months: { month: string; spend: Money }[] }[];
  categories: { name: string; spend: Money }[];
}

let shop: Shop;
let limitCode: string | undefined;

before(async () => {
  shop = await startShop();
});
afterEach(async () => {
  if (limitCode) await apiCall(shop, HEAD, 'DELETE', `/users/current/orderApprovalPermissions/${limitCode}`);
  limitCode = undefined;
  await shop.finishTest();
});
after(async () => shop?.close());

const monthLabel = (month: string) => new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

describe('the spend report', () => {
  for (const [label, viewport] of [['390 px', PHONE], ['1280 px', DESKTOP]] as const) {
    test(`at ${label}: head office reads its spend by site, month and category against a monthly limit, and downloads a table`, async () => {
      const report = await apiCall<Report>(shop, HEAD, 'GET', '/users/current/reports/spend');
      const oldTown = report.sites.find((site) => site.code === OLD_TOWN);
      const busiest = [...(oldTown?.months ?? [])].sort((a, b) => b.spend.valuePence - a.spend.valuePence)[0];
      assert.ok(busiest && busiest.spend.valuePence > 1, 'the demo has Old Town spend in the period');
      // A monthly limit a penny under Old Town's busiest month: that month is over it.
      const limit = await apiCall<{ code: string }>(shop, HEAD, 'POST', '/users/current/orderApprovalPermissions', { type: 'periodThreshold', threshold: busiest.spend.valuePence - 1, periodRange: 'MONTH', shipTo: OLD_TOWN });
      limitCode = limit.code;

      const page = await shop.newPage({ viewport });
      await sealedSignIn(shop, page, HEAD.username, { account: HEAD, consent: true });
      await page.goto('/account/');
      await Promise.all([page.waitForURL('**/account/reports/'), page.getByRole('list', { name: 'Your company' }).getByRole('link', { name: 'Spend report' }).click()]);
      await page.getByRole('heading', { level: 1, name: 'Spend report' }).waitFor();
      await page.getByText(`Spend ${monthLabel(report.from)} to ${monthLabel(report.to)}: ${report.total.formattedValue}`).waitFor();

      const bySite = page.getByRole('figure', { name: 'Spend by site' });
      await bySite.getByRole('img', { name: /^Spend by site: a bar chart/ }).waitFor();
      for (const site of report.sites) {
        const row = bySite.getByRole('table', { name: 'Spend by site' }).getByRole('row', { name: site.name });
        assert.equal(await row.getByRole('cell').first().textContent(), site.spend.formattedValue, `${site.name}'s spend in the table`);
        assert.equal(await bySite.locator('svg text', { hasText: site.name }).count(), 1, `${site.name} labels a bar`);
      }

      const oldTownChart = page.getByRole('figure', { name: `${oldTown?.name}: spend by month` });
      const limitText = `Monthly limit £${((busiest.spend.valuePence - 1) / 100).toFixed(2)}`;
      await oldTownChart.getByText(new RegExp(`^${limitText.replace(/[.$£]/g, '\\$&')}`)).waitFor();
      const busiestRow = oldTownChart.getByRole('table').getByRole('row', { name: monthLabel(busiest.month) });
      assert.deepEqual(await busiestRow.getByRole('cell').allTextContents(), [busiest.spend.formattedValue, limitText.replace('Monthly limit ', '')]);
      assert.equal(await oldTownChart.locator('rect[class*="over"]').count(), 1, 'the one month over the limit is drawn as over it');

      const categories = page.getByRole('figure', { name: 'Spend by category' });
      assert.equal(await categories.getByRole('table').getByRole('row').count(), report.categories.length + 1);

      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/reports-spend-${viewport.width}.png`, fullPage: true });
      if (viewport === PHONE) assert.equal(await scrollsSideways(page), false, 'no sideways scrolling on a phone');
      await assertAccessible(page, `the spend report at ${label}`);

      const [download] = await Promise.all([page.waitForEvent('download'), bySite.getByRole('link', { name: 'Download spend by site and month (CSV)' }).click()]);
      assert.equal(download.suggestedFilename(), `spend-sites-${report.from}-${report.to}.csv`);
      const lines = readFileSync(await download.path(), 'utf8').trim().split('\r\n');
      assert.equal(lines[0], 'Site,Account,Month,Spend (GBP),Monthly limit (GBP)');
      assert.ok(lines.includes(`${oldTown?.name},${OLD_TOWN},${busiest.month},${(busiest.spend.valuePence / 100).toFixed(2)},${((busiest.spend.valuePence - 1) / 100).toFixed(2)}`), lines.join('\n'));
    });
  }
});
