import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { assertAccessible, signedIn, SOLO } from './journey-support';
import { operatorApiToken, placeOrderViaApi, reportStatusViaApi } from './support/orders-api';
import { PHONE, startShop, type Shop } from './support/shop';
import { scrollsSideways } from './weekly-support';

let shop: Shop;

before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

describe('check-in at the door, on the phone', () => {
  test('at 390 px: a short line, a damaged line and a photo make a credit request shown on the order', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [3, 2]);
    const operator = await operatorApiToken(shop);
    for (const status of ['confirmed', 'picking']) await reportStatusViaApi(shop, operator, order.code, { status });
    await reportStatusViaApi(shop, operator, order.code, { status: 'dispatched', lines: [{ entryNumber: 0, deliveredQuantity: 3 }, { entryNumber: 1, deliveredQuantity: 2 }] });
    await reportStatusViaApi(shop, operator, order.code, { status: 'delivered' });
    const [short, damaged] = order.entries.map((entry) => entry.product.name);
    assert.ok(short && damaged);

    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username);
    await page.goto(`/account/orders/${order.code}/`);
    await page.getByRole('region', { name: 'Check in this delivery' }).getByRole('link', { name: 'Check in delivery' }).click();
    await page.waitForURL(`**/account/orders/${order.code}/checkin/`);
    await page.getByRole('heading', { name: `Check in order ${order.code}` }).waitFor();

    // Two lines may have one name (other pack sizes): each line's fields are found by its entry number.
    const field = (entry: number, name: string) => page.locator(`#line-${entry}-${name}`);
    assert.equal(await page.getByLabel('Received').count(), 2);
    await field(0, 'received').fill('2');
    await field(0, 'reason').selectOption('short');
    await field(1, 'damaged').fill('1');
    await field(1, 'reason').selectOption('damaged');
    await field(1, 'note').fill('One case crushed');

    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 90, b: 30 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .toBuffer();
    const input = page.locator('input[type="file"]');
    assert.equal(await input.getAttribute('accept'), 'image/*');
    assert.notEqual(await input.getAttribute('capture'), null);
    await input.setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('status').filter({ hasText: 'Photo added' }).waitFor();
    const thumb = page.getByRole('img', { name: 'Photo 1' });
    await thumb.waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('img[alt="Photo 1"]')].every((img) => img.complete && img.naturalWidth > 0));
    assert.equal(await scrollsSideways(page), false, 'no sideways scrolling at 390 px');
    await assertAccessible(page, 'the check-in page');
    await page.screenshot({ path: '/tmp/checkin-390.png', fullPage: true });

    await page.getByRole('button', { name: 'Send check-in' }).click();
    await page.waitForURL(`**/account/orders/${order.code}/?checkedIn=1`);
    const summary = page.getByRole('region', { name: 'Check-in' });
    await summary.getByText('Thank you: the check-in has been sent.').waitFor();
    const text = (await summary.textContent()) ?? '';
    assert.match(text, /Credit request CR-\d{6}: Requested, £[\d,]+\.\d\d including VAT/);
    assert.match(text, new RegExp(`1 × ${short.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: Short`));
    assert.match(text, /1 photo\./);
    assert.equal(await scrollsSideways(page), false);
    await assertAccessible(page, 'the order page after check-in');
    await page.screenshot({ path: '/tmp/checkin-done-390.png', fullPage: true });
  });
});
