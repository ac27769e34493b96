import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { sealData } from 'iron-session';
import type { Page } from 'playwright-core';
import { assertAccessible, orderableProducts } from './journey-support';
import { DEMO_PASSWORD, DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { placeOrder, scrollsSideways, setApiClock, type Who } from './weekly-support';

/**
 * The call list (docs/calls.md): solo@example.com's Corner Deli (dairy on Tuesdays and Fridays, cut-off 14:00 the
 * working day before) orders for three Tuesdays running; on the fourth Monday morning it has not, so an operator
 * finds it on /admin/calls/, records "Call back at …", and the next person sees who called and what came of it.
 */
let shop: Shop;
before(async () => {
  shop = await startShop({ apiEnv: { TEST_CLOCK_CONTROL: 'true' } });
});
afterEach(async () => shop.finishTest());
after(async () => {
  if (shop) await setApiClock(shop, null);
  await shop?.close();
});

const SOLO: Who = { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' };
const ADMIN = { email: 'admin@meadowvale.example', name: 'Alex Admin', role: 'admin' as const };
const DAY_MS = 86_400_000;

/** Signs an operator in as the back office does, by putting a sealed session cookie into the page's browser. */
async function signInOperator(page: Page, operator: typeof ADMIN): Promise<void> {
  const basic = `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`;
  const response = await fetch(`${shop.apiUrl}/admin/v1/auth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify({ email: operator.email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { access_token: string; expires_in: number };
  const expiresAt = Math.floor(Date.now() / 1000) + body.expires_in;
  const value = await sealData({ kind: 'operator', token: body.access_token, expiresAt, operator }, { password: shop.secrets.sessionSecret, ttl: 8 * 3600 });
  await page.context().addCookies([{ name: 'mv_admin', value, url: `${shop.baseUrl}/admin`, httpOnly: true, sameSite: 'Lax' }]);
}

/** The Monday at least a day after today, 09:00 UTC (09:00 or 10:00 in London: before any 14:00 cut-off). */
function nextMonday(): Date {
  const day = new Date(Date.now() + DAY_MS);
  day.setUTCHours(9, 0, 0, 0);
  while (day.getUTCDay() !== 1) day.setTime(day.getTime() + DAY_MS);
  return day;
}

describe('the call list (/admin/calls/)', () => {
  test('an operator sees a site due to order today, records "Call back at …" and sees it shown; at 1280 px and 390 px', async () => {
    const monday = nextMonday();
    const [product] = await orderableProducts(shop, SOLO, 1);
    assert.ok(product, 'an orderable dairy product for the Corner Deli');
    for (let week = 0; week < 3; week++) {
      await setApiClock(shop, new Date(monday.getTime() + week * 7 * DAY_MS));
      await placeOrder(shop, SOLO, [{ code: product.code, quantity: 2 + week }]);
    }
    // The fourth Monday, an hour later: Tuesday is a usual day with nothing ordered, its cut-off at 14:00 today.
    await setApiClock(shop, new Date(monday.getTime() + 21 * DAY_MS + 3_600_000));

    const page = await shop.newPage({ viewport: DESKTOP });
    await signInOperator(page, ADMIN);
    await page.goto('/admin/calls/');
    await page.getByRole('heading', { name: 'Calls', level: 1 }).waitFor();
    const row = page.getByTestId('call-0000410001-DAIR');
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /The Corner Deli, York/);
    assert.match(text, /Cut-off 14:00/);
    assert.match(text, /Not called yet/);
    assert.match(text, /£\d+\.\d\d/, 'the last order and usual value as money');
    assert.equal(await row.getByRole('link', { name: '01632 960101' }).getAttribute('href'), 'tel:01632960101');
    assert.equal(await row.getByRole('link', { name: 'Act for The Corner Deli, York' }).getAttribute('href'), '/admin/act/?shipTo=0000410001&from=calls');
    assert.equal(await scrollsSideways(page), false, 'the table fits at 1280 px');
    await assertAccessible(page, 'the call list');
    await page.screenshot({ path: '/tmp/calls-desktop.png', fullPage: true });

    // "Call back at …" without a time is refused beside the form, what was chosen kept.
    const form = page.getByTestId('outcome-0000410001-DAIR');
    await form.getByLabel('Call back at …').check();
    await form.getByRole('button', { name: 'Save the outcome of the call to The Corner Deli, York' }).click();
    await form.getByText('Enter the time to call back, e.g. 14:30').waitFor();

    await form.getByLabel('Call back time for The Corner Deli, York').fill('13:30');
    await form.getByLabel('Note (optional) for The Corner Deli, York').fill('Chef back from the market at half one');
    await form.getByRole('button', { name: 'Save the outcome of the call to The Corner Deli, York' }).click();
    await page.getByTestId('outcome-0000410001-DAIR').getByText('Saved: Call back at 13:30').waitFor();
    const saved = await page.getByTestId('call-0000410001-DAIR').innerText();
    assert.match(saved, /Called by Alex Admin at \d\d:\d\d: Call back at 13:30/);
    assert.match(saved, /Chef back from the market at half one/);

    const phone = await shop.newPage({ viewport: PHONE });
    await signInOperator(phone, ADMIN);
    await phone.goto('/admin/calls/');
    const card = phone.getByTestId('call-0000410001-DAIR');
    await card.waitFor();
    assert.match(await card.innerText(), /Called by Alex Admin at \d\d:\d\d: Call back at 13:30/, 'the next person sees the outcome');
    assert.equal(await scrollsSideways(phone), false, 'cards, not a table, at 390 px');
    await card.getByRole('link', { name: '01632 960101' }).waitFor();
    await assertAccessible(phone, 'the call list on a phone');
    await phone.screenshot({ path: '/tmp/calls-phone.png', fullPage: true });
  });
});
