import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { categories, products, promotions } from '../src/db/schema';
import { shopper, SOLO, type Shopper } from './support/cart-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { startTestServer, type TestServer } from './support/test-server';

const LIST = 1000;

interface Money {
  valuePence: number;
  formattedValue: string;
}

describe('the order confirmation says what offers saved', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let solo: Shopper;
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const [promoted, plain] = [`OM-${tag}-P`, `OM-${tag}-N`] as const;
  // A name to be escaped in the HTML part, so the test sees the offer's name written safely.
  const offerName = `Brie & butter <${tag}> 10% off`;

  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Meadowvale Foods <orders@meadowvale.example>', SHOP_URL: 'https://shop.meadowvale.example', ...ON_DEMAND_OUTBOX } });
    solo = await shopper(server, SOLO);
    const db = server.database.db;
    // The test's own products in a category of its own, so no demo offer reaches them.
    const category = `DAIR_OM_${tag}`;
    await db.insert(categories).values({ id: category, name: `Order mail ${tag}`, parentId: 'DAIR', range: 'DAIR' });
    const [template] = await db.select().from(products).where(eq(products.range, 'DAIR')).limit(1);
    assert.ok(template);
    const { foodMarks: _marks, searchText: _text, searchDocument: _document, ...fields } = template;
    await db.insert(products).values(
      [promoted, plain].map((code) => ({ ...fields, code, name: `Order mail ${code}`, categoryId: category, listPricePence: LIST, minOrderQuantity: 1, discontinued: false, stockStatus: 'inStock' })),
    );
    // Live on every delivery date the shop offers, whatever day the test runs.
    await db.insert(promotions).values({ code: `OM-${tag}`, name: offerName, kind: 'percentOff', value: 1000, who: 'all', what: 'products', targets: [promoted], validFrom: '2000-01-01', validTo: '2999-12-31' });
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  it('names each line’s offer with the price before it and its saving, and the total saved, in the text and HTML parts', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    await solo.call('POST', '/users/current/carts');
    for (const [code, quantity] of [[promoted, 3], [plain, 2]] as const) {
      const added = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
    }
    const dates = (await solo.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
    const put = await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const placed = await solo.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const code = placed.body.code as string;
    // The mail says what the order's answer says: 3 cases at £9.00 instead of £10.00.
    assert.equal((placed.body.totalSaving as Money).formattedValue, '£3.00');

    await dispatch(server);
    const [mail, ...more] = sink.mails.filter((one) => one.subject?.includes(code));
    assert.ok(mail, 'the confirmation');
    assert.equal(more.length, 0);
    const text = mail.text ?? '';
    const html = typeof mail.html === 'string' ? mail.html : '';

    assert.ok(text.includes(`3 x Order mail ${promoted} (`), text);
    assert.ok(text.includes(`at £9.00: £27.00\n  ${offerName}: was £10.00, you save £3.00\n`), text);
    assert.ok(text.includes(`at £10.00: £20.00\n`), 'the line without an offer says none');
    assert.equal(text.split('you save').length - 1, 1, 'one line has an offer');
    assert.ok(text.includes('\nOffers save you: £3.00\nNet: £47.00\n'), text);

    const escaped = `Brie &amp; butter &lt;${tag}&gt; 10% off`;
    assert.ok(html.includes(`<strong>${escaped}</strong>: was £10.00, you save £3.00`), html);
    assert.ok(!html.includes(`<${tag}>`), 'the offer name is escaped');
    assert.equal(html.split('you save').length - 1, 1);
    assert.match(html, /<tr><th [^>]*colspan="4">Offers save you<\/th><td [^>]*>£3\.00<\/td><\/tr>/);
  });

  it('says nothing of savings on an order without offers', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    await solo.call('POST', '/users/current/carts');
    const added = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: plain }, quantity: 1 } });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const dates = (await solo.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
    assert.equal((await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date } })).status, 200);
    const placed = await solo.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const code = placed.body.code as string;
    await dispatch(server);
    const mail = sink.mails.find((one) => one.subject?.includes(code));
    assert.ok(mail);
    assert.ok(mail.text?.includes('\nNet: £10.00\n'), mail.text);
    for (const part of [mail.text ?? '', typeof mail.html === 'string' ? mail.html : '']) {
      assert.ok(!part.includes('Offers save you'));
      assert.ok(!part.includes('you save'));
    }
  });
});
