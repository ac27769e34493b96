import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { operatorApiToken, placeOrderViaApi, reportStatusViaApi } from './support/orders-api';
import { sealedSignIn } from './support/session';
import { DEMO_PASSWORD, DESKTOP, PHONE, startShop, type Shop } from './support/shop';

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A calendar date as the back office writes it: 'Sat 28 Nov 2026'. */
const READABLE_DAY = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;

const SOLO = { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' };

async function operatorSignIn(page: Page) {
  await page.goto('/admin/login/');
  await page.getByLabel('Email address').fill('admin@meadowvale.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/orders/');
}

/** Every text item of a PDF, page by page, joined with spaces. */
async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const parts: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return { pages: document.numPages, text: parts.join(' ').replace(/\s+/g, ' ') };
}

describe('orders out, status in, mail and print', () => {
  let shop: Shop;
  before(async () => {
    shop = await startShop();
  });
  afterEach(async () => shop.finishTest());
  after(async () => shop?.close());

  test('a customer sees a status change, a shortage and the note in order history and order detail', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [3, 2]);
    const operator = await operatorApiToken(shop);
    await reportStatusViaApi(shop, operator, order.code, { status: 'confirmed' });
    await reportStatusViaApi(shop, operator, order.code, { status: 'picking' });
    await reportStatusViaApi(shop, operator, order.code, {
      status: 'dispatched',
      lines: [
        { entryNumber: 0, deliveredQuantity: 2 },
        { entryNumber: 1, deliveredQuantity: 2 },
      ],
      note: 'One case short: the rest comes on your next delivery',
    });

    const page = await shop.newPage();
    await sealedSignIn(shop, page, SOLO.username);
    await page.goto('/account/orders/');
    const row = page.getByRole('article').filter({ hasText: order.code });
    await row.getByText('Dispatched').first().waitFor();
    await row.getByText('1 case short').waitFor();
    await row.getByText('One case short: the rest comes on your next delivery').waitFor();

    const orderLink = row.getByRole('link', { name: order.code });
    assert.equal(await orderLink.getAttribute('href'), `/account/orders/${order.code}/`);
    await page.goto(`/account/orders/${order.code}/`);
    await page.getByRole('heading', { name: `Order ${order.code}` }).waitFor();
    const lines = page.getByRole('list', { name: 'Order lines' });
    const first = lines.getByRole('listitem').first();
    assert.match(await first.innerText(), /Quantity\s+3\s+Delivered\s+2 \(short 1\)/);
    const updates = page.getByRole('region', { name: 'Updates' });
    assert.deepEqual(await updates.getByRole('listitem').locator('strong').allInnerTexts(), ['Dispatched', 'Being picked', 'Confirmed']);
    await updates.getByText('One case short: the rest comes on your next delivery').waitFor();

    // On a phone the page does not scroll sideways.
    await page.setViewportSize(PHONE);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  });

  test('an operator updates a status from the back office order page, with a shortage and a note; the customer sees it', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [4]);
    const page = await shop.newPage();
    await operatorSignIn(page);
    await page.goto(`/admin/orders/${order.code}/`);
    const panel = page.getByRole('region', { name: 'Status: Placed' });
    await panel.getByText('No status reports yet').waitFor();
    assert.deepEqual(await panel.getByLabel('New status').locator('option').allInnerTexts(), ['Confirmed', 'Cancelled']);
    await panel.getByLabel('Note for the customer (optional)').fill('Confirmed for Tuesday');
    await panel.getByRole('button', { name: 'Update status' }).click();
    await page.getByRole('status').filter({ hasText: 'Status is now Confirmed' }).waitFor();
    const confirmed = page.getByRole('region', { name: 'Status: Confirmed' });
    await confirmed.getByText('Confirmed for Tuesday').waitFor();

    assert.deepEqual(await confirmed.getByLabel('New status').locator('option').allInnerTexts(), ['Being picked', 'Cancelled']);
    await confirmed.getByLabel('New status').selectOption('picking');
    assert.equal(await confirmed.getByRole('spinbutton').count(), 0, 'nothing is delivered while it is being picked');
    await confirmed.getByRole('button', { name: 'Update status' }).click();
    await page.getByRole('status').filter({ hasText: 'Status is now Being picked' }).waitFor();
    const picking = page.getByRole('region', { name: 'Status: Being picked' });
    await picking.getByLabel('New status').selectOption('dispatched');
    const delivered = picking.getByRole('spinbutton');
    assert.equal(await delivered.inputValue(), '4', 'prefilled with what was ordered');
    await delivered.fill('3');
    await picking.getByRole('button', { name: 'Update status' }).click();
    await page.getByRole('status').filter({ hasText: 'Status is now Dispatched' }).waitFor();
    await page.getByRole('region', { name: 'Status: Dispatched' }).getByText('admin@meadowvale.example').first().waitFor();

    const customer = await shop.newPage();
    await sealedSignIn(shop, customer, SOLO.username);
    await customer.goto(`/account/orders/${order.code}/`);
    await customer.getByText('3 (short 1)').waitFor();
    await customer.getByText('Confirmed for Tuesday').waitFor();
  });

  test('the back office order page numbers lines from 1, writes dates in words and shows what was delivered once reported', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [3, 2]);
    for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const page = await shop.newPage({ viewport });
      await operatorSignIn(page);
      await page.goto(`/admin/orders/${order.code}/`);
      const lines = page.getByRole('table', { name: 'Order lines' });
      await lines.locator('tbody td[data-label="Line"]').first().waitFor();
      assert.deepEqual(await lines.locator('tbody td[data-label="Line"]').allInnerTexts(), ['1', '2']);
      assert.equal(await lines.locator('td[data-label="Delivered"]').count(), 0, 'nothing delivered yet: no column for it');
      const facts = page.getByRole('region', { name: 'Order details' });
      assert.match((await facts.locator('dt:has-text("Delivery date") + dd').innerText()).trim(), READABLE_DAY);
      await page.goto('/admin/orders/');
      const row = page.getByRole('row').filter({ hasText: order.code });
      await row.waitFor();
      assert.match((await row.locator('td[data-label="Delivery"]').innerText()).trim(), READABLE_DAY);
      await shot(page, `${label}-admin-orders`);
    }

    const operator = await operatorApiToken(shop);
    await reportStatusViaApi(shop, operator, order.code, { status: 'confirmed' });
    await reportStatusViaApi(shop, operator, order.code, { status: 'picking' });
    await reportStatusViaApi(shop, operator, order.code, {
      status: 'dispatched',
      lines: [
        { entryNumber: 0, deliveredQuantity: 2 },
        { entryNumber: 1, deliveredQuantity: 2 },
      ],
    });
    for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const page = await shop.newPage({ viewport });
      await operatorSignIn(page);
      await page.goto(`/admin/orders/${order.code}/`);
      const lines = page.getByRole('table', { name: 'Order lines' });
      // On a phone the header row is hidden and each cell names its column.
      await lines.locator('td[data-label="Delivered"]').first().waitFor();
      assert.deepEqual(
        (await lines.locator('td[data-label="Delivered"]').allInnerTexts()).map((text) => text.trim()),
        ['2 (short 1)', '2'],
      );
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `${label}: no sideways scroll`);
      await shot(page, `${label}-admin-order-delivered`);
    }
  });

  test('orders out says where each channel sends: no webhook URL, so webhook events wait; mail to the demo mailbox', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await operatorSignIn(page);
    await page.goto('/admin/outbox/');
    const channels = page.getByTestId('outbox-channels');
    await channels.getByText(/ERP webhook: no WEBHOOK_URL is set, so webhook events wait here/).waitFor();
    await channels.getByText(/E-mail: no SMTP_URL is set, so mail goes to the demo mailbox/).waitFor();
    await page.getByText('the later events of that order wait behind it').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    await shot(page, 'phone-admin-outbox-no-webhook');
  });

  test('the demo mail page shows the order confirmation and the status mail, text and HTML', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [1], 'PO-E2E-MAIL');
    await reportStatusViaApi(shop, await operatorApiToken(shop), order.code, { status: 'confirmed', note: 'See you Tuesday' });
    const page = await shop.newPage();
    await operatorSignIn(page);
    await page.getByRole('link', { name: 'Mail' }).click();
    await page.getByRole('heading', { name: 'Mail', level: 1 }).waitFor();
    await page.getByText('Demo mode: no SMTP server is set').waitFor();
    const list = page.getByTestId('mail-list');
    // The dispatcher sends from the outbox a moment after the order: reload until both are there.
    for (let attempt = 0; attempt < 40 && (await list.getByText(order.code).count()) < 2; attempt += 1) {
      await page.waitForTimeout(250);
      await page.reload();
    }
    await list.getByRole('link', { name: `Order ${order.code} is confirmed` }).waitFor();
    await list.getByRole('link', { name: new RegExp(`^Order ${order.code} received`) }).click();
    await page.getByTestId('mail-to').getByText(SOLO.username).waitFor();
    const text = await page.getByTestId('mail-text').innerText();
    assert.match(text, /PO number: PO-E2E-MAIL/);
    assert.match(text, new RegExp(`/account/orders/${order.code}/`));
    const frame = page.frameLocator('iframe.admin-mail-html');
    await frame.getByText('PO-E2E-MAIL').waitFor();
  });

  test('order detail and confirmation print on A4 with the order and none of the shop around it', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [2, 1], 'PO-PRINT-42');
    const page = await shop.newPage();
    await sealedSignIn(shop, page, SOLO.username);
    for (const path of [`/account/orders/${order.code}/`, `/cart/confirmation/${order.code}/`]) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Print order' }).waitFor();
      const { pages, text } = await pdfText(await page.pdf({ format: 'A4', printBackground: true }));
      assert.equal(pages, 1, path);
      for (const expected of [order.code, 'PO-PRINT-42', 'Deliver to', '14 Goodramgate', 'YO1 7LQ', 'VAT', 'Total to pay', 'Meadowvale Foods']) {
        assert.ok(text.includes(expected), `${path}: the print shows ${expected}`);
      }
      for (const entry of order.entries) assert.ok(text.includes(entry.product.name), `${path}: line ${entry.product.name}`);
      for (const absent of ['Print order', 'Reorder', 'Sign out', 'Cookie settings', 'Search', 'Order history Order']) {
        assert.ok(!text.includes(absent), `${path}: the print leaves out "${absent}"`);
      }
    }
  });
});

describe('failing events in the back office', () => {
  let shop: Shop;
  let port = 0;
  before(async () => {
    // A receiver address where nothing listens: every delivery fails at once.
    port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    shop = await startShop({
      apiEnv: {
        WEBHOOK_URL: `http://127.0.0.1:${port}/hooks`,
        // A loopback receiver is refused unless this allows it.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_SECRET: `whsec_${Buffer.from('e2e-webhook-secret-of-the-test-000000').toString('base64')}`,
        OUTBOX_POLL_SECONDS: '0.1',
        OUTBOX_RETRY_BASE_SECONDS: '0.1',
        OUTBOX_RETRY_MAX_SECONDS: '0.3',
      },
    });
  });
  afterEach(async () => shop.finishTest());
  after(async () => shop?.close());

  test('an operator sees an event that keeps failing, with the reason, and retries it', async () => {
    const order = await placeOrderViaApi(shop, SOLO.username, SOLO.shipTo, SOLO.salesOrg, [1]);
    const page = await shop.newPage({ viewport: DESKTOP });
    await operatorSignIn(page);
    await page.getByRole('link', { name: 'Orders out' }).click();
    await page.getByRole('heading', { name: 'Orders out', level: 1 }).waitFor();
    const table = page.getByTestId('failing-events');
    for (let attempt = 0; attempt < 40 && (await table.getByText(order.code).count()) === 0; attempt += 1) {
      await page.waitForTimeout(250);
      await page.reload();
    }
    const channels = page.getByTestId('outbox-channels');
    await channels.getByText(`ERP webhook: sent to 127.0.0.1:${port}`).waitFor();
    await channels.getByText(/^E-mail: /).waitFor();
    await page.getByText('the later events of that order wait behind it').waitFor();
    await shot(page, 'desktop-admin-outbox-failing');
    const row = table.getByRole('row').filter({ hasText: order.code });
    await row.getByText('ERP webhook').waitFor();
    assert.match(await row.innerText(), /ECONNREFUSED/);
    await row.getByRole('button', { name: `Retry order.placed of ${order.code} now` }).click();
    await page.getByRole('status').filter({ hasText: 'Retrying now' }).waitFor();
  });
});
