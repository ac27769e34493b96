import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { sealData } from 'iron-session';
import type { Page } from 'playwright-core';
import { sealedSignIn } from './support/session';
import { assertAccessible } from './journey-support';
import { operatorApiToken, placeOrderViaApi, reportStatusViaApi } from './support/orders-api';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';
import { apiCall, scrollsSideways, type Who } from './weekly-support';

/**
 * Credit requests (docs/after-delivery.md "Credit requests"): a delivery checked in short and damaged makes one;
 * the buyer follows it on a phone, an operator accepts it in the back office, and the buyer sees it accepted.
 * Pages are signed into by sealing the session cookies.
 */
const SOLO: Who = { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' };
const OPERATOR = { email: 'admin@meadowvale.example', name: 'Alex Admin', role: 'admin' };

/** An 8×6 JPEG, as a phone's camera would send one (the API re-encodes it). */
const PHOTO = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAMVL/9k=',
  'base64',
);

let shop: Shop;

before(async () => {
  shop = await startShop();
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

async function tokenFor(username: string): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const basic = `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`;
  const response = await fetch(`${shop.apiUrl}/authorizationserver/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: 'Meadowvale-demo-1', channel: 'cfi' }).toString(),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

/** A page signed in as `who`, for their account, with the cookie choice made. */
async function signedInPage(who: Who, viewport: { width: number; height: number }): Promise<Page> {
  const page = await shop.newPage({ viewport });
  await sealedSignIn(shop, page, who.username, { account: who, consent: true });
  return page;
}

/** A back-office page signed in as the demo operator. */
async function operatorPage(token: string): Promise<Page> {
  const session = { kind: 'operator', token, expiresAt: Math.floor(Date.now() / 1000) + 3600, operator: OPERATOR };
  const value = await sealData(session, { password: shop.secrets.sessionSecret, ttl: 8 * 3600 });
  const page = await shop.newPage({ viewport: DESKTOP });
  await page.context().addCookies([{ name: 'mv_admin', value, domain: '127.0.0.1', path: '/admin', httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

/** Set-up through the API: an order delivered in full, a photo, and a check-in with a short and a damaged line. */
async function checkedInShortAndDamaged(operator: string): Promise<{ orderCode: string; code: string; gross: string; codes: string[] }> {
  const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [3, 2]);
  for (const status of ['confirmed', 'picking']) await reportStatusViaApi(shop, operator, order.code, { status });
  await reportStatusViaApi(shop, operator, order.code, { status: 'dispatched', lines: order.entries.map((entry) => ({ entryNumber: entry.entryNumber, deliveredQuantity: entry.quantity })) });
  await reportStatusViaApi(shop, operator, order.code, { status: 'delivered' });
  const form = new FormData();
  form.append('file', new Blob([PHOTO], { type: 'image/jpeg' }), 'crushed-case.jpg');
  const { access_token: token } = await tokenFor(SOLO.username);
  const photo = await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current/orders/${order.code}/checkin/photos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  assert.ok(photo.ok, `photo: ${photo.status} ${await photo.clone().text()}`);
  const checkin = await apiCall<{ creditRequest: { code: string; gross: { formattedValue: string } } | null }>(shop, SOLO, 'POST', `/users/current/orders/${order.code}/checkin`, {
    lines: [
      { entryNumber: 0, receivedQuantity: 1, damagedQuantity: 0, reason: 'short', note: 'Two cases missing from the pallet' },
      { entryNumber: 1, receivedQuantity: 2, damagedQuantity: 1, reason: 'damaged' },
    ],
  });
  assert.ok(checkin.creditRequest, 'the check-in made a credit request');
  return { orderCode: order.code, code: checkin.creditRequest.code, gross: checkin.creditRequest.gross.formattedValue, codes: order.entries.map((entry) => entry.product.code) };
}

describe('credit requests', () => {
  test('at 390 px the buyer follows the request; an operator accepts it with the photo in view; the buyer sees "Accepted"', async () => {
    const operator = await operatorApiToken(shop);
    const request = await checkedInShortAndDamaged(operator);

    const buyer = await signedInPage(SOLO, PHONE);
    await buyer.goto('/account/credits/');
    await buyer.getByRole('heading', { name: 'Credit requests', level: 1 }).waitFor();
    const entry = buyer.getByRole('article').filter({ hasText: request.code });
    await entry.getByText('Requested', { exact: true }).waitFor();
    await entry.getByText(request.gross).waitFor();
    await entry.getByRole('link', { name: request.orderCode }).waitFor();
    assert.equal(await scrollsSideways(buyer), false, 'no sideways scrolling on a phone');
    await assertAccessible(buyer, 'the credit requests list at 390 px');
    await buyer.screenshot({ path: '/tmp/credits-list-390.png', fullPage: true });

    await buyer.goto(`/account/credits/${request.code}/`);
    await buyer.getByRole('heading', { name: `Credit request ${request.code}` }).waitFor();
    const lines = buyer.getByRole('list', { name: `Lines of credit request ${request.code}` });
    await lines.getByText('Short delivered').waitFor();
    await lines.getByText('Two cases missing from the pallet', { exact: false }).waitFor();
    await lines.getByText('Damaged', { exact: true }).waitFor();
    assert.equal(await scrollsSideways(buyer), false, 'no sideways scrolling on a phone');
    await buyer.screenshot({ path: '/tmp/credits-requested-390.png', fullPage: true });

    const back = await operatorPage(operator);
    await back.goto('/admin/credits/');
    await back.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Credit requests' }).waitFor();
    await back.getByRole('link', { name: request.code }).click();
    await back.getByRole('heading', { name: `Credit request ${request.code}` }).waitFor();
    const photo = back.getByRole('img', { name: 'Photo 1 of 1 from the check-in' });
    await photo.waitFor();
    await back.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
    await assertAccessible(back, 'the back office credit request');
    await back.getByRole('button', { name: `Accept ${request.gross}` }).click();
    await back.getByRole('status').filter({ hasText: `Credit request ${request.code} is now accepted` }).waitFor();
    await back.screenshot({ path: '/tmp/credits-admin-accepted-1280.png', fullPage: true });

    await buyer.reload();
    await buyer.getByRole('heading', { name: `Credit request ${request.code}` }).waitFor();
    await buyer.locator('main dl').getByText('Accepted', { exact: true }).waitFor();
    await buyer.getByText(`${request.gross} will be credited`).first().waitFor();
    await buyer.screenshot({ path: '/tmp/credits-accepted-390.png', fullPage: true });
  });

  test('an operator credits 1 of the 2 cases missing and the damaged case; the buyer sees each line\'s outcome at 390 px and 1280 px', async () => {
    const operator = await operatorApiToken(shop);
    const request = await checkedInShortAndDamaged(operator);
    const [shortCode, damagedCode] = request.codes;
    assert.ok(shortCode && damagedCode);
    // The form names each line by product name and code: the two lines may be products of one name.
    const seen = await apiCall<{ lines: { product: { code: string; name: string } }[] }>(shop, SOLO, 'GET', `/users/current/creditrequests/${request.code}`);
    const [shortLabel, damagedLabel] = seen.lines.map((line) => `Cases credited: ${line.product.name} (${line.product.code})`);
    assert.ok(shortLabel && damagedLabel);

    const back = await operatorPage(operator);
    await back.goto(`/admin/credits/${request.code}/`);
    await back.getByRole('heading', { name: `Credit request ${request.code}` }).waitFor();
    // By keyboard: the arrow key moves the decision to "Accept part", Tab reaches the first line's cases.
    await back.getByRole('radio', { name: `Accept in full (${request.gross})` }).focus();
    await back.keyboard.press('ArrowDown');
    assert.equal(await back.getByRole('radio', { name: 'Accept part' }).isChecked(), true);
    const shortCases = back.getByRole('spinbutton', { name: shortLabel, exact: true });
    const damagedCases = back.getByRole('spinbutton', { name: damagedLabel, exact: true });
    assert.equal(await shortCases.inputValue(), '2', 'prefilled with the cases requested');
    assert.equal(await damagedCases.inputValue(), '1');
    await back.keyboard.press('Tab');
    assert.equal(await shortCases.evaluate((input) => input === document.activeElement), true);
    await back.getByLabel('Note for the customer (optional)').fill('One case was found in the cold room');

    // Every case credited is not a part: the API says so next to the lines, and nothing typed is lost.
    await back.getByRole('button', { name: `Accept part: ${request.gross}` }).click();
    await back.getByRole('alert').filter({ hasText: 'credits more than £0.00 and less than' }).waitFor();
    assert.equal(await shortCases.inputValue(), '2');
    assert.equal(await back.getByLabel('Note for the customer (optional)').inputValue(), 'One case was found in the cold room');
    await shortCases.fill('3');
    await back.getByText('Enter a whole number of cases from 0 to 2').waitFor();
    assert.equal(await shortCases.getAttribute('aria-invalid'), 'true');

    await shortCases.fill('1');
    await assertAccessible(back, 'the back office decision form, part accepted');
    const accept = back.getByRole('button', { name: /^Accept part: £\d+\.\d\d$/ });
    const amount = ((await accept.textContent()) ?? '').replace('Accept part: ', '');
    await back.getByText(`Amount to credit, including VAT: ${amount} of ${request.gross}`).waitFor();
    await accept.click();
    await back.getByRole('status').filter({ hasText: `Credit request ${request.code} is now partly accepted` }).waitFor();
    await back.locator('dl').getByText(amount, { exact: true }).first().waitFor();
    await back.screenshot({ path: '/tmp/credits-admin-part-1280.png', fullPage: true });

    const buyer = await signedInPage(SOLO, PHONE);
    await buyer.goto(`/account/credits/${request.code}/`);
    await buyer.getByRole('heading', { name: `Credit request ${request.code}` }).waitFor();
    await buyer.getByText(`${amount} of ${request.gross} will be credited`).first().waitFor();
    const lines = buyer.getByRole('list', { name: `Lines of credit request ${request.code}` });
    const line = (code: string) => lines.getByRole('listitem').filter({ hasText: code });
    for (const viewport of [PHONE, DESKTOP]) {
      await buyer.setViewportSize(viewport);
      await line(shortCode).getByText(/^Credited: 1 of 2 cases, £\d+\.\d\d$/).waitFor();
      await line(damagedCode).getByText('Credited in full', { exact: true }).waitFor();
      assert.equal(await scrollsSideways(buyer), false, `no sideways scrolling at ${viewport.width} px`);
      await assertAccessible(buyer, `the part-accepted credit request at ${viewport.width} px`);
      await buyer.screenshot({ path: `/tmp/credits-part-${viewport.width}.png`, fullPage: true });
    }
  });
});
