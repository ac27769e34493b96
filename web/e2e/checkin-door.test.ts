import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { assertAccessible, signedIn, SOLO } from './journey-support';
import { operatorApiToken, placeOrderViaApi, reportStatusViaApi } from './support/orders-api';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
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
    await signedIn(shop, page, SOLO.username, { at: `/account/orders/${order.code}/` });
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
    const input = page.locator('section[aria-labelledby="checkin-photos-title"] input[type="file"]');
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

  test('at 1280 and 390 px: Home and the order list show the deadline; reasons follow the numbers, all missing ones flagged; photos of a line, removable', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [3, 2, 1]);
    const operator = await operatorApiToken(shop);
    for (const status of ['confirmed', 'picking', 'dispatched', 'delivered']) await reportStatusViaApi(shop, operator, order.code, { status });
    const names = order.entries.map((entry) => entry.product.name);

    const desk = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, desk, SOLO.username, { at: '/' });
    const notice = desk.getByRole('region', { name: /waiting to be checked in/ });
    assert.match((await notice.getByRole('listitem').filter({ hasText: order.code }).textContent()) ?? '', /to The Corner Deli, York: by \w+ \d+ \w+ at \d\d:\d\d/);
    await desk.goto('/account/orders/');
    const row = desk.getByRole('article', { name: `Order ${order.code}` });
    assert.match((await row.textContent()) ?? '', /Check in delivery by \w+ \d+ \w+ at \d\d:\d\d/);
    assert.equal(await scrollsSideways(desk), false);
    await assertAccessible(desk, 'the order list with a delivery waiting');
    if (process.env.E2E_SHOTS_DIR) await desk.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/checkin-due-1280.png`, fullPage: true });
    await row.getByRole('link', { name: 'Check in delivery' }).click();
    await desk.waitForURL(`**/account/orders/${order.code}/checkin/`);
    await desk.getByRole('heading', { name: `Check in order ${order.code}` }).waitFor();
    assert.equal(await scrollsSideways(desk), false);

    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: `/account/orders/${order.code}/checkin/` });
    const field = (entry: number, name: string) => page.locator(`#line-${entry}-${name}`);
    await field(0, 'received').fill('2');
    assert.equal(await field(0, 'reason').inputValue(), 'short', 'fewer received: short');
    await field(1, 'damaged').fill('1');
    assert.equal(await field(1, 'reason').inputValue(), 'damaged', 'damaged: damaged');
    await field(2, 'received').fill('0');
    await field(0, 'reason').selectOption('');
    await field(2, 'reason').selectOption('');
    await page.getByRole('button', { name: 'Send check-in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose a reason for the 2 lines marked' }).waitFor();
    for (const entry of [0, 2]) assert.equal(await page.locator(`#line-${entry}-reason-error`).textContent(), 'Choose a reason for what differs', `line ${entry} flagged`);
    assert.equal(await page.locator('#line-1-reason-error').textContent(), '');
    assert.equal(await field(0, 'received').inputValue(), '2', 'nothing typed is lost');

    const jpeg = (r: number) => sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 90, b: 30 } } }).jpeg().toBuffer();
    await page.locator('li:has(#line-1-name) input[type="file"]').setInputFiles({ name: 'line.jpg', mimeType: 'image/jpeg', buffer: await jpeg(200) });
    await page.getByRole('status').filter({ hasText: 'Photo added' }).waitFor();
    const ofLine = page.getByRole('list', { name: `Photos of ${names[1] ?? ''}` });
    assert.equal(await ofLine.getByRole('img').count(), 1, 'the photo sits with its line');
    await page.locator('section[aria-labelledby="checkin-photos-title"] input[type="file"]').setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: await jpeg(60) });
    const general = page.getByRole('list', { name: 'Photos of the delivery' });
    await general.getByRole('img', { name: 'Photo 2' }).waitFor();
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    await page.getByRole('status').filter({ hasText: 'Photo removed' }).waitFor();
    assert.equal(await general.count(), 0, 'the removed photo is gone');
    assert.equal(await scrollsSideways(page), false);
    await assertAccessible(page, 'the check-in page with a photo of a line');
    if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/checkin-lines-390.png`, fullPage: true });

    await field(0, 'reason').selectOption('short');
    await field(2, 'reason').selectOption('outOfDate');
    await page.getByRole('button', { name: 'Send check-in' }).click();
    await page.waitForURL(`**/account/orders/${order.code}/?checkedIn=1`);
    const credit = /CR-\d{6}/.exec((await page.getByRole('region', { name: 'Check-in' }).textContent()) ?? '')?.[0];
    assert.ok(credit);
    await page.goto(`/account/credits/${credit}/`);
    const sent = page.getByRole('list', { name: `Photos of credit request ${credit}` });
    await sent.getByRole('img', { name: `Photo 1: ${names[1] ?? ''}` }).waitFor();
    assert.equal(await scrollsSideways(page), false);
    await page.goto('/');
    assert.equal(await page.getByRole('link', { name: `Check in order ${order.code}` }).count(), 0, 'checked in: no longer waiting');
  });
});
