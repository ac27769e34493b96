import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DESKTOP, PHONE, startShop, titleBecomes, type Shop } from './support/shop';
import { assertAccessible, orderableProducts, setCart, signedIn, SOLO, tabTo, WIDTHS, type ApiProduct } from './journey-support';
import { daysFromToday, deliveryRow, longDate, savedCart, standingOrder, type StandingOrderJson } from './standing-support';
import { apiCall, scrollsSideways, setApiClock } from './weekly-support';

/** Issue 17, the storefront side: make a standing order, skip a date, change one delivery, pause, resume and end. */
let shop: Shop;
let products: (ApiProduct & { name: string })[];
/** The demo solo account receives dairy on Tuesdays and Fridays. */
const TUE_FRI = [2, 5];
const SHOTS = process.env.E2E_SHOTS_DIR;

before(async () => {
  shop = await startShop({ apiEnv: { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0' } });
  const found = (await orderableProducts(shop, SOLO, 40)) as (ApiProduct & { name: string })[];
  // Minimum 1 and distinct names, so each line's controls are named apart.
  products = found.filter((product, index, all) => product.minOrderQuantity === 1 && all.findIndex((other) => other.name === product.name) === index);
  assert.ok(products.length >= 2, 'the demo data has the products these tests need');
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const first = () => products[0] as ApiProduct & { name: string };
const second = () => products[1] as ApiProduct & { name: string };
const lines = () => [
  { code: first().code, quantity: 2 },
  { code: second().code, quantity: 3 },
];
const unique = (what: string) => `${what} ${Date.now().toString(36)}`;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // The cookie banner would cover what the screenshot is for.
  const banner = page.getByRole('button', { name: 'Necessary only' });
  if (await banner.isVisible()) await banner.click();
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe('making a standing order', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`from a saved cart at ${label} width: only the delivery days can be chosen, refusals at their fields, nothing typed lost`, async () => {
      const name = unique(`Weekly dairy ${label}`);
      const cartCode = await savedCart(shop, SOLO, name, lines());
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { at: `/account/carts/${cartCode}/` });
      await page.getByRole('link', { name: 'Make this a standing order' }).click();
      await page.waitForURL(`**/account/standing-orders/new/?cart=${cartCode}`);
      assert.equal(await titleBecomes(page, 'Business Orders | Make a standing order'), 'Business Orders | Make a standing order');

      for (const day of ['Monday', 'Wednesday', 'Thursday', 'Saturday', 'Sunday']) {
        assert.equal(await page.getByRole('checkbox', { name: day }).isDisabled(), true, `${day} is not a delivery day`);
      }
      assert.equal(await page.getByRole('checkbox', { name: 'Tuesday' }).isEnabled(), true);
      assert.match(await page.getByRole('group', { name: 'Delivery days' }).innerText(), /receives Dairy deliveries on Tuesday and Friday/);
      assert.equal(await page.getByLabel('Name').inputValue(), name, 'named after the saved cart');
      await assertAccessible(page, `new standing order (${label})`);

      // No day chosen: said at the days, in the browser.
      await page.getByRole('button', { name: 'Create standing order' }).click();
      await page.getByRole('group', { name: 'Delivery days' }).getByText('Choose at least one delivery day').waitFor();

      // A start in the past is the API's refusal: shown at the start date, every value kept.
      const firstOpenDate = await page.getByLabel('First delivery').inputValue();
      assert.match(firstOpenDate, /^\d{4}-\d{2}-\d{2}$/, 'the first open delivery date is offered');
      await page.getByRole('checkbox', { name: 'Friday' }).check();
      await page.getByLabel('First delivery').fill(daysFromToday(-3));
      await page.getByLabel('Last delivery (optional)').fill(daysFromToday(60));
      await page.getByRole('button', { name: 'Create standing order' }).click();
      const start = page.getByLabel('First delivery');
      // The message is the start date's own: the field's description points at it.
      await page.locator(`#${await start.getAttribute('id')}-error`).getByText('The first delivery cannot be in the past').waitFor();
      assert.match((await start.getAttribute('aria-describedby')) ?? '', /-error/);
      assert.equal(await page.getByRole('checkbox', { name: 'Friday' }).isChecked(), true);
      assert.equal(await page.getByLabel('Last delivery (optional)').inputValue(), daysFromToday(60));
      assert.equal(await start.getAttribute('aria-invalid'), 'true');
      await shot(page, `${label}-form-refused`);
      assert.equal(await scrollsSideways(page), false);

      await page.getByRole('checkbox', { name: 'Tuesday' }).check();
      await page.getByLabel('First delivery').fill(firstOpenDate);
      await page.getByLabel('Purchase order number (optional)').fill(`PO-${label}-SO`);
      await page.getByRole('button', { name: 'Create standing order' }).click();
      await page.waitForURL('**/account/standing-orders/SO-*/?created=1');
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('status').getByText('Standing order created').waitFor();
      assert.equal(await titleBecomes(page, `Business Orders | Standing order ${name}`), `Business Orders | Standing order ${name}`);
      assert.match(await page.locator('main dl').first().innerText(), /Every Tuesday and Friday/);
      assert.match(await page.locator('main dl').first().innerText(), new RegExp(`PO-${label}-SO`), 'every order it places carries the PO');
      const rows = page.getByRole('list', { name: 'Next deliveries' }).getByRole('listitem');
      assert.equal(await rows.count(), 6);
      assert.match(await rows.first().innerText(), /^(Tuesday|Friday)/);
      assert.match(await page.getByRole('list', { name: 'Standing order lines' }).innerText(), new RegExp(first().name));
      await assertAccessible(page, `standing order detail (${label})`);
      await shot(page, `${label}-detail`);
      assert.equal(await scrollsSideways(page), false);

      // The saved cart stays as it was.
      await page.goto(`/account/carts/${cartCode}/`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
    });
  }

  test('the first delivery follows the ticked days, the page says that day, and the date errors name the fields as labelled', async () => {
    const name = unique('Days follow');
    const cartCode = await savedCart(shop, SOLO, name, lines());
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: `/account/standing-orders/new/?cart=${cartCode}` });
    const start = page.getByLabel('First delivery');
    const earliest = await start.inputValue();
    const weekday = async () => new Date(`${await start.inputValue()}T12:00:00Z`).getUTCDay();

    await page.getByRole('checkbox', { name: 'Friday' }).check();
    assert.equal(await weekday(), 5, 'Friday ticked: the first delivery is a Friday');
    assert.ok((await start.inputValue()) >= earliest, 'never before the first open date');
    await page.getByRole('checkbox', { name: 'Friday' }).uncheck();
    await page.getByRole('checkbox', { name: 'Tuesday' }).check();
    assert.equal(await weekday(), 2, 'Tuesday ticked instead: a Tuesday');
    await shot(page, 'phone-form-first-delivery');

    // The last delivery before the first: said in the labels' words, in the browser.
    await page.getByLabel('Last delivery (optional)').fill(daysFromToday(1));
    await page.getByRole('button', { name: 'Create standing order' }).click();
    await page.getByText('The last delivery must be on or after the first delivery').waitFor();
    await page.getByLabel('Last delivery (optional)').fill('');

    // A date typed on a day not chosen (a Friday, Tuesday ticked): the order starts on the next Tuesday and says so.
    const tuesday = await start.inputValue();
    const friday = new Date(Date.parse(`${tuesday}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    const nextTuesday = new Date(Date.parse(`${tuesday}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    await start.fill(friday);
    await page.getByRole('button', { name: 'Create standing order' }).click();
    await page.waitForURL('**/account/standing-orders/SO-*/?created=1');
    const facts = await page.locator('main dl').first().innerText();
    assert.match(facts, /Every Tuesday/);
    assert.match(facts, new RegExp(`From\\s+${longDate(nextTuesday)}`), facts);
    assert.match((await deliveryRow(page, nextTuesday).innerText()).trim(), /^Tuesday/);
  });

  test('from the current cart, keyboard only: disabled days are passed over, Space ticks, Enter creates', async () => {
    await setCart(shop, SOLO, lines());
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username, { at: '/cart/' });
    const link = page.getByRole('link', { name: 'Make this a standing order' });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/account/standing-orders/new/?cart=active');

    const tuesday = page.getByRole('checkbox', { name: 'Tuesday' });
    await tabTo(page, tuesday);
    await page.keyboard.press('Space');
    assert.equal(await tuesday.isChecked(), true);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'weekday-5', 'Wednesday and Thursday cannot take focus');
    await page.keyboard.press('Space');
    const name = unique('Keyboard order');
    await tabTo(page, page.getByLabel('Name'));
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/account/standing-orders/SO-*/?created=1');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    assert.match(await page.locator('main dl').first().innerText(), /Every Tuesday and Friday/);
  });
});

describe('a standing order in use', () => {
  test('skip one date: shown skipped on the standing order and in the list, and taken back', async () => {
    const name = unique('Skip test');
    const order = await standingOrder(shop, SOLO, name, lines(), TUE_FRI);
    const date = order.nextDeliveries[1]?.date;
    assert.ok(date);
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: `/account/standing-orders/${order.code}/` });
    const row = deliveryRow(page, date);
    await row.getByRole('button', { name: /^Skip/ }).click();
    await row.locator('[data-state="skipped"]').waitFor();
    await row.getByRole('button', { name: /^Unskip/ }).waitFor();
    await shot(page, 'phone-skipped');

    await page.goto('/account/standing-orders/');
    assert.equal(await titleBecomes(page, 'Business Orders | Standing orders'), 'Business Orders | Standing orders');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    assert.match(await card.locator('li[data-state="skipped"]').innerText(), /Skipped/);
    await assertAccessible(page, 'standing orders list (phone)');
    assert.equal(await scrollsSideways(page), false);
    await shot(page, 'phone-list');

    await page.goto(`/account/standing-orders/${order.code}/`);
    await deliveryRow(page, date).getByRole('button', { name: /^Unskip/ }).click();
    await deliveryRow(page, date).locator('[data-state="scheduled"]').waitFor();
  });

  test('change one delivery: steppers and remove, saved for that delivery only; after the cut-off the API refuses and the page says so', async () => {
    const name = unique('Change test');
    const order = await standingOrder(shop, SOLO, name, lines(), TUE_FRI);
    const delivery = order.nextDeliveries[0];
    assert.ok(delivery);
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username, { at: `/account/standing-orders/${order.code}/` });
    await deliveryRow(page, delivery.date).getByRole('link', { name: /^Review or change/ }).click();
    await page.waitForURL(`**/account/standing-orders/${order.code}/deliveries/${delivery.date}/`);
    await page.getByTestId('cutoff-countdown').getByText(/Change or skip within/).waitFor();

    await page.getByRole('button', { name: `One more ${first().name}` }).click();
    assert.equal(await page.getByLabel(`Quantity of ${first().name}`).inputValue(), '3');
    await page.getByRole('button', { name: `Remove ${second().name}` }).click();
    await page.getByRole('button', { name: 'Save changes for this delivery' }).click();
    await page.getByText('Saved for this delivery.').waitFor();
    await assertAccessible(page, 'one delivery (desktop)');
    await shot(page, 'desktop-delivery-changed');

    await page.reload();
    await page.getByRole('heading', { name: 'Lines, changed for this delivery' }).waitFor();
    assert.equal(await page.getByLabel(`Quantity of ${first().name}`).inputValue(), '3');
    assert.equal(await page.getByRole('list', { name: 'Lines of this delivery' }).getByRole('listitem').count(), 1);

    // The standing order keeps its own lines; the delivery says it was changed.
    const standing = await apiCall<{ lines: { quantity: number }[] }>(shop, SOLO, 'GET', `/users/current/standingorders/${order.code}`);
    assert.deepEqual(standing.lines.map((line) => line.quantity), [2, 3]);

    // The API's clock passes the cut-off while the page is open: the save is refused with the reason.
    try {
      await setApiClock(shop, new Date(new Date(delivery.cutoff).getTime() + 60_000));
      await page.getByRole('button', { name: `One more ${first().name}` }).click();
      await page.getByRole('button', { name: 'Save changes for this delivery' }).click();
      await page.getByText('The cut-off for this delivery has passed').waitFor();
    } finally {
      await setApiClock(shop, null);
    }
  });

  test('at the cut-off the delivery is ordered: its page shows that and links to the order', async () => {
    const name = unique('Placed test');
    const order = await standingOrder(shop, SOLO, name, lines(), TUE_FRI);
    const delivery = order.nextDeliveries[0];
    assert.ok(delivery);
    try {
      await setApiClock(shop, new Date(new Date(delivery.cutoff).getTime() + 60_000));
      const run = await fetch(`${shop.apiUrl}/test/standing-orders/run`, { method: 'POST' });
      assert.equal(run.status, 200, await run.text());
    } finally {
      await setApiClock(shop, null);
    }
    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: `/account/standing-orders/${order.code}/deliveries/${delivery.date}/` });
    await page.getByTestId('delivery-closed').getByText('This delivery has been ordered.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save changes for this delivery' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /^Skip/ }).count(), 0);
    await shot(page, 'phone-delivery-placed');
    await assertAccessible(page, 'a placed delivery (phone)');
    await page.getByRole('link', { name: /^See order MV-/ }).click();
    await page.waitForURL('**/account/orders/MV-*/');
    await page.getByRole('heading', { level: 1, name: /^Order MV-/ }).waitFor();
  });

  test('the reminder e-mail reaches the mailbox, and its link opens that one delivery', async () => {
    const name = unique('Reminder test');
    const order = await standingOrder(shop, SOLO, name, lines(), TUE_FRI);
    const delivery = order.nextDeliveries[0];
    assert.ok(delivery);
    try {
      // An hour before the cut-off is never earlier than the reminder is due (08:00 the working day before, at the latest then).
      await setApiClock(shop, new Date(new Date(delivery.cutoff).getTime() - 3_600_000));
      const run = await fetch(`${shop.apiUrl}/test/standing-orders/run`, { method: 'POST' });
      assert.equal(run.status, 200, await run.text());
    } finally {
      await setApiClock(shop, null);
    }
    const operator = await shop.newPage({ viewport: DESKTOP });
    await operator.goto('/admin/login/');
    await operator.getByLabel('Email address').fill('admin@meadowvale.example');
    await operator.getByLabel('Password').fill(DEMO_PASSWORD);
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await operator.waitForURL('**/admin/orders/');
    await operator.goto('/admin/mail/');
    const reminder = operator.getByTestId('mail-list').getByRole('link', { name: new RegExp(`^Standing order ${order.code} `) });
    // The outbox sends a moment after the scheduler queued it: reload until it is there.
    for (let attempt = 0; attempt < 40 && (await reminder.count()) === 0; attempt += 1) {
      await operator.waitForTimeout(250);
      await operator.reload();
    }
    await reminder.click();
    await operator.getByTestId('mail-to').getByText(SOLO.username).waitFor();
    const text = await operator.getByTestId('mail-text').innerText();
    assert.match(text, new RegExp(first().name));
    const link = new RegExp(`https?://[^\\s]+(/account/standing-orders/${order.code}/deliveries/${delivery.date}/)`).exec(text);
    assert.ok(link?.[1], `the reminder links to the delivery: ${text}`);

    const page = await shop.newPage({ viewport: PHONE });
    await signedIn(shop, page, SOLO.username, { at: link[1] });
    await page.getByTestId('cutoff-countdown').getByText(/Change or skip within/).waitFor();
    await page.getByRole('button', { name: 'Save changes for this delivery' }).waitFor();
  });

  test('pause, resume and end (asked first) from the list', async () => {
    const name = unique('Pause test');
    await standingOrder(shop, SOLO, name, lines(), [5]);
    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username);
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('link', { name: 'Standing orders' }).click();
    await page.waitForURL('**/account/standing-orders/');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await card.getByRole('button', { name: `Pause ${name}` }).click();
    await card.locator('[data-status="paused"]').waitFor();
    await card.getByText('Standing order paused').waitFor();
    assert.ok((await card.locator('li [data-state="paused"]').count()) > 0, 'the next dates say nothing will be ordered');
    await shot(page, 'desktop-list-paused');

    await card.getByRole('button', { name: `Resume ${name}` }).click();
    await card.locator('[data-status="active"]').waitFor();

    await card.getByRole('button', { name: `End ${name}` }).click();
    await card.getByText(/cannot be started again/).waitFor();
    await card.getByRole('button', { name: 'Yes, end it' }).click();
    await card.locator('[data-status="ended"]').waitFor();
    assert.equal(await card.getByRole('button', { name: `Resume ${name}` }).count(), 0);
  });
});

describe('an ended standing order', () => {
  for (const [label, viewport] of WIDTHS) {
    test(`at ${label} width: ending is confirmed; it says it ended, keeps the link to the order it placed and has nothing to pay`, async () => {
      const name = unique(`Ended ${label}`);
      const order = await standingOrder(shop, SOLO, name, lines(), TUE_FRI);
      const delivery = order.nextDeliveries[0];
      assert.ok(delivery);
      try {
        await setApiClock(shop, new Date(new Date(delivery.cutoff).getTime() + 60_000));
        const run = await fetch(`${shop.apiUrl}/test/standing-orders/run`, { method: 'POST' });
        assert.equal(run.status, 200, await run.text());
      } finally {
        await setApiClock(shop, null);
      }
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username, { at: `/account/standing-orders/${order.code}/` });
      await deliveryRow(page, delivery.date).getByRole('link', { name: /^MV-/ }).waitFor();

      await page.getByRole('button', { name: `End ${name}` }).click();
      await page.getByRole('button', { name: 'Yes, end it' }).click();
      await page.locator('[data-status="ended"]').first().waitFor();
      await page.getByRole('status').getByText('Standing order ended').waitFor();
      const facts = await page.locator('main dl').first().innerText();
      assert.doesNotMatch(facts, /You end it/);
      assert.match(facts, /Until\s+Ended/);
      assert.equal(await page.getByText('Total to pay').count(), 0, 'nothing to pay on an ended standing order');
      const placed = deliveryRow(page, delivery.date).getByRole('link', { name: /^MV-/ });
      await placed.waitFor();
      await assertAccessible(page, `ended standing order (${label})`);
      assert.equal(await scrollsSideways(page), false);
      await shot(page, `${label}-ended`);

      // Still so after a reload, and on the list.
      await page.reload();
      await deliveryRow(page, delivery.date).getByRole('link', { name: /^MV-/ }).waitFor();
      await page.goto('/account/standing-orders/');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      assert.doesNotMatch(await card.innerText(), /You end it/);
      await card.getByRole('link', { name: /^MV-/ }).waitFor();
      await page.goto(`/account/standing-orders/${order.code}/`);
      await deliveryRow(page, delivery.date).getByRole('link', { name: /^MV-/ }).click();
      await page.waitForURL('**/account/orders/MV-*/');
    });
  }
});

describe('changing a standing order itself', () => {
  /** multi@example.com's Northgate kitchen: chilled only, Mondays and Thursdays, a PO number on every order. */
  const NORTHGATE = { username: 'multi@example.com', shipTo: '0000410004', salesOrg: 'CHIL' } as const;

  test('days, a quantity by stepper, a line removed and the PO, saved at once; a delivery changed on its own keeps its lines', async () => {
    const name = unique('Edit test');
    const order = await standingOrder(shop, SOLO, name, lines(), TUE_FRI);
    const friday = order.nextDeliveries.find((delivery) => new Date(`${delivery.date}T12:00:00Z`).getUTCDay() === 5);
    assert.ok(friday, 'a Friday among the next deliveries');
    await apiCall(shop, SOLO, 'PUT', `/users/current/standingorders/${order.code}/deliveries/${friday.date}`, { entries: [{ product: { code: first().code }, quantity: 7 }] });

    const page = await shop.newPage({ viewport: DESKTOP });
    await signedIn(shop, page, SOLO.username, { at: `/account/standing-orders/${order.code}/` });
    const change = page.getByRole('link', { name: 'Change standing order' });
    await tabTo(page, change);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/account/standing-orders/${order.code}/edit/`);
    assert.equal(await titleBecomes(page, `Business Orders | Change standing order ${name}`), `Business Orders | Change standing order ${name}`);
    await page.getByText('Deliveries you changed one by one keep their own lines').waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Monday' }).isDisabled(), true, 'only the delivery days can be chosen');
    assert.equal(await page.getByLabel('Purchase order number (optional)').inputValue(), '');

    await page.getByRole('checkbox', { name: 'Tuesday' }).uncheck();
    await page.getByRole('button', { name: `One more ${first().name}` }).click();
    assert.equal(await page.getByLabel(`Quantity of ${first().name}`).inputValue(), '3');
    await page.getByRole('button', { name: `Remove ${second().name}` }).click();
    await page.getByText('Left out of each order when you save.').waitFor();
    await page.getByLabel('Purchase order number (optional)').fill('PO-EDIT-1');
    await assertAccessible(page, 'change standing order (desktop)');
    await shot(page, 'desktop-change-standing');
    const save = page.getByRole('button', { name: 'Save changes' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');

    await page.waitForURL(`**/account/standing-orders/${order.code}/?changed=1`);
    await page.getByRole('status').getByText('Standing order changed').waitFor();
    const facts = await page.locator('main dl').first().innerText();
    assert.match(facts, /Every Friday/);
    assert.match(facts, /PO-EDIT-1/);
    const standingLines = page.getByRole('list', { name: 'Standing order lines' }).getByRole('listitem');
    assert.equal(await standingLines.count(), 1);
    assert.match(await standingLines.first().innerText(), new RegExp(first().name));
    const saved = await apiCall<StandingOrderJson>(shop, SOLO, 'GET', `/users/current/standingorders/${order.code}`);
    assert.deepEqual(saved.lines.map((line) => [line.product.code, line.quantity]), [[first().code, 3]]);
    const own = await apiCall<{ changed: boolean; lines: { quantity: number }[] }>(shop, SOLO, 'GET', `/users/current/standingorders/${order.code}/deliveries/${friday.date}`);
    assert.equal(own.changed, true);
    assert.deepEqual(own.lines.map((line) => line.quantity), [7], 'the delivery changed on its own keeps its lines');
  });

  test('a refusal of the API at its field, with everything typed kept; an ended standing order offers no change', async () => {
    const [product] = await orderableProducts(shop, NORTHGATE, 1);
    assert.ok(product);
    const name = unique('Kitchen weekly');
    const order = await standingOrder(shop, NORTHGATE, name, [{ code: product.code, quantity: Math.max(2, product.minOrderQuantity ?? 1) }], [1, 4], { purchaseOrderNumber: 'PO-NG-1' });

    const page = await shop.newPage({ viewport: PHONE });
    await shop.signIn(page, NORTHGATE.username);
    const account = page.getByLabel('Account', { exact: true });
    await account.focus();
    await account.press('ArrowDown');
    await page.getByRole('option', { name: /0000410004/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`/account/standing-orders/${order.code}/edit/`);
    const po = page.getByLabel('Purchase order number', { exact: true });
    assert.equal(await po.inputValue(), 'PO-NG-1', 'this account requires a PO: the label does not say optional');

    const renamed = unique('Kitchen renamed');
    await page.getByLabel('Name').fill(renamed);
    await page.getByRole('checkbox', { name: 'Thursday' }).uncheck();
    await po.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator(`#${await po.getAttribute('id')}-error`).getByText('This account requires a purchase order number').waitFor();
    assert.equal(await po.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('Name').inputValue(), renamed);
    assert.equal(await page.getByRole('checkbox', { name: 'Thursday' }).isChecked(), false);
    assert.equal(await page.getByRole('checkbox', { name: 'Monday' }).isChecked(), true);
    assert.equal(new URL(page.url()).pathname, `/account/standing-orders/${order.code}/edit/`);
    await assertAccessible(page, 'change standing order refused (phone)');
    assert.equal(await scrollsSideways(page), false);
    await shot(page, 'phone-change-standing-refused');
    const unchanged = await apiCall<StandingOrderJson>(shop, NORTHGATE, 'GET', `/users/current/standingorders/${order.code}`);
    assert.equal(unchanged.name, name, 'nothing saved');

    await po.fill('PO-NG-2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`**/account/standing-orders/${order.code}/?changed=1`);
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    assert.match(await page.locator('main dl').first().innerText(), /Every Monday[\s\S]*PO-NG-2/);

    await apiCall(shop, NORTHGATE, 'POST', `/users/current/standingorders/${order.code}/end`);
    await page.reload();
    await page.locator('[data-status="ended"]').first().waitFor();
    assert.equal(await page.getByRole('link', { name: 'Change standing order' }).count(), 0);
  });
});
