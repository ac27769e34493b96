import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { reportedLocation } from '../src/components/shell/report-error';
import { assertAccessible, tabTo } from './journey-support';
import { sealedSignIn } from './support/session';
import { operatorApiToken, placeOrderViaApi, reportStatusViaApi } from './support/orders-api';
import { DESKTOP, PHONE, startShop, type Shop } from './support/shop';

const SOLO = { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' };
const MULTI = { username: 'multi@example.com', shipTo: '0000410002', salesOrg: 'DAIR' };
const ALL_ON = { orderConfirmation: true, statusChanges: true, standingOrderReminders: true, cutoffReminders: true, approvalRequests: true, productChanges: true };


async function preferencesOf(shop: Shop, token: string): Promise<Record<string, boolean>> {
  return (await (await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current/notificationpreferences`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, boolean>;
}

/** The path of the newest demo mail's one-click link whose subject matches, once the outbox has sent it. */
async function unsubscribePath(shop: Shop, subject: RegExp): Promise<string> {
  const operator = await operatorApiToken(shop);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = (await (await fetch(`${shop.apiUrl}/admin/v1/mail?pageSize=50`, { headers: { authorization: `Bearer ${operator}` } })).json()) as { messages: { id: number; subject: string }[] };
    const found = list.messages.find((message) => subject.test(message.subject));
    if (found) {
      const mail = (await (await fetch(`${shop.apiUrl}/admin/v1/mail/${found.id}`, { headers: { authorization: `Bearer ${operator}` } })).json()) as { headers: Record<string, string> };
      assert.equal(mail.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
      const link = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
      assert.ok(link, JSON.stringify(mail.headers));
      return new URL(link).pathname;
    }
    if (Date.now() > deadline) throw new Error(`no mail matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const oneClick = (shop: Shop, path: string, body = 'List-Unsubscribe=One-Click') =>
  fetch(`${shop.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' });

describe('error reports name no e-mailed token', () => {
  test('the unsubscribe path and a token parameter are redacted; other addresses are kept', () => {
    assert.equal(reportedLocation('/unsubscribe/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG/', ''), '/unsubscribe/redacted/');
    assert.equal(reportedLocation('/login/reset-password/', '?token=secret&next=%2F'), '/login/reset-password/?token=redacted&next=%2F');
    assert.equal(reportedLocation('/account/orders/', '?page=2'), '/account/orders/?page=2');
    assert.equal(reportedLocation('/cart/', ''), '/cart/');
  });
});

describe('notification preferences and one-click unsubscribe', () => {
  let shop: Shop;
  before(async () => {
    shop = await startShop();
  });
  afterEach(async () => shop.finishTest());
  after(async () => shop?.close());

  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`at ${width} px: the account's e-mail notifications are chosen with the keyboard and kept`, async () => {
      const page = await shop.newPage({ viewport });
      const token = await sealedSignIn(shop, page, SOLO.username, { account: SOLO });
      await page.goto('/account/');
      await page.getByRole('link', { name: 'E-mail notifications' }).click();
      await page.getByRole('heading', { name: 'E-mail notifications', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const boxes = page.getByRole('group', { name: 'Send me e-mails about' }).getByRole('checkbox');
      // solo@example.com decides no orders, so approval requests are not offered (their stored value is kept).
      assert.equal(await boxes.count(), 5);
      assert.equal(await page.getByRole('checkbox', { name: 'Approval requests' }).count(), 0);
      for (const box of await boxes.all()) assert.equal(await box.isChecked(), true);
      const status = page.getByRole('checkbox', { name: 'Order status changes' });
      await tabTo(page, status);
      await page.keyboard.press('Space');
      assert.equal(await status.isChecked(), false);
      await page.getByRole('button', { name: 'Save', exact: true }).press('Enter');
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      assert.deepEqual(await preferencesOf(shop, token), { ...ALL_ON, statusChanges: false });
      await assertAccessible(page, `/account/notifications/ at ${width} px`);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');

      await page.reload();
      assert.equal(await page.getByRole('checkbox', { name: 'Order status changes' }).isChecked(), false, 'kept');
      await page.getByRole('checkbox', { name: 'Order status changes' }).check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      assert.deepEqual(await preferencesOf(shop, token), ALL_ON);
    });
  }

  test('at 390 px: the link of a mail shows a button and changes nothing until it is pressed', async () => {
    const order = await placeOrderViaApi(shop, MULTI.username, MULTI.shipTo, MULTI.salesOrg, [1]);
    const path = await unsubscribePath(shop, new RegExp(`^Order ${order.code} received`));
    const page = await shop.newPage({ viewport: PHONE });
    const token = await sealedSignIn(shop, await shop.newPage(), MULTI.username, { account: MULTI });
    await page.goto(path);
    await page.getByRole('heading', { name: 'Unsubscribe' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await preferencesOf(shop, token), ALL_ON, 'opening the link unsubscribes nobody');
    await assertAccessible(page, 'the unsubscribe page');
    await page.getByText(`Stop getting order confirmation e-mails at ${MULTI.username}.`).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(`You will no longer get order confirmation e-mails at ${MULTI.username}.`).waitFor();
    assert.deepEqual(await preferencesOf(shop, token), { ...ALL_ON, orderConfirmation: false });

    // The same link again: it worked once, and says so.
    await page.goto(path);
    await page.getByRole('status').getByText('Already unsubscribed.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Unsubscribe' }).count(), 0, 'no button for a link used already');
  });

  test('a mail provider\'s one-click POST unsubscribes with no sign-in and no Origin; other POSTs do not', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [1]);
    await reportStatusViaApi(shop, await operatorApiToken(shop), order.code, { status: 'confirmed' });
    const path = await unsubscribePath(shop, new RegExp(`^Order ${order.code} is confirmed`));
    const bare = await oneClick(shop, path, 'something=else');
    assert.equal(bare.status, 400, 'the body must be List-Unsubscribe=One-Click');
    const done = await oneClick(shop, path);
    assert.equal(done.status, 200);
    assert.equal(await done.text(), 'Unsubscribed');
    const page = await shop.newPage();
    const token = await sealedSignIn(shop, page, SOLO.username, { account: SOLO });
    assert.deepEqual(await preferencesOf(shop, token), { ...ALL_ON, statusChanges: false });
    assert.equal((await oneClick(shop, path)).status, 400, 'once only');
    const crossSiteAction = await fetch(`${shop.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'next-action': 'abc', origin: 'https://elsewhere.example', 'content-type': 'text/plain' },
      body: '[]',
      redirect: 'manual',
    });
    assert.equal(crossSiteAction.status, 403, 'a Server Action from another site is still refused');

    // Without script, the page's button posts the same field and comes back saying what happened.
    await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current/notificationpreferences`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(ALL_ON),
    });
    const next = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [1]);
    const nextPath = await unsubscribePath(shop, new RegExp(`^Order ${next.code} received`));
    const noScript = await shop.newPage({ javaScriptEnabled: false });
    await noScript.goto(nextPath);
    await noScript.getByRole('button', { name: 'Unsubscribe' }).click();
    await noScript.getByText(`You will no longer get order confirmation e-mails at ${SOLO.username}.`).waitFor();
    assert.deepEqual(await preferencesOf(shop, token), { ...ALL_ON, orderConfirmation: false });
    await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current/notificationpreferences`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(ALL_ON),
    });
  });
});
