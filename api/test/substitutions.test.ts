// test:api:embedded: a substitution is written to an order line's jsonb column and the order's totals in the status report's transaction, and read back through the order, check-in and event JSON
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, mailMessages, orders, outboxMessages, products } from '../src/db/schema';
import { lineAmounts } from '../src/pricing/money';
import { londonDate } from '../src/time/london-time';
import { MULTI_DAIR, SOLO, sellableProducts, shopper, type Shopper } from './support/cart-helpers';
import { integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { dispatch } from './support/outbox-helpers';
import { startTestServer, type TestServer } from './support/test-server';

interface Money {
  valuePence: number;
  formattedValue: string;
}

interface OrderEntry {
  entryNumber: number;
  quantity: number;
  deliveredQuantity: number | null;
  allowSubstitute: boolean;
  product: { code: string; name: string; packSize: string };
  basePrice: Money;
  totalPrice: Money;
  substitution: { text: string; product: { code: string; name: string; packSize: string }; quantity: number; basePrice: Money; totalPrice: Money; totalTax: Money } | null;
}

interface OrderAnswer {
  code: string;
  status: string;
  entries: OrderEntry[];
  totalPrice: Money;
  totalTax: Money;
  totalPriceWithTax: Money;
}

interface EventLine {
  entryNumber: number;
  productCode: string;
  allowSubstitute?: boolean;
  substitution?: { productCode: string; quantity: number; unitPricePence: number; netPence: number } | null;
}

const HEAD = { username: 'head@example.com', shipTo: MULTI_DAIR.shipTo, salesOrg: 'DAIR' } as const;
const BUYER = { username: 'buyer@example.com', shipTo: MULTI_DAIR.shipTo, salesOrg: 'DAIR' } as const;

describe('substitutions (docs/substitutions.md): the cart line, the order, the dispatch report, the e-mail and check-in', () => {
  let server: TestServer;
  let solo: Shopper;
  let erp: string;
  before(async () => {
    server = await startTestServer({ env: { ...integrationEnv(), SHOP_URL: 'https://shop.meadowvale.example' } });
    solo = await shopper(server, SOLO);
    erp = await integrationToken(server);
  });
  after(() => server.close());

  /** A fresh cart of `quantities` of the range's first products, each line's "Allow a substitute" set as `allow` says. */
  async function orderWith(who: Shopper, quantities: number[], allow: (boolean | undefined)[]): Promise<OrderAnswer> {
    const codes = await sellableProducts(server, who.salesOrg, quantities.length);
    await who.call('DELETE', '/users/current/carts/active');
    await who.call('POST', '/users/current/carts');
    for (const [index, quantity] of quantities.entries()) {
      const added = await who.call('POST', '/users/current/carts/active/entries', { body: { product: { code: codes[index] }, quantity } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const wanted = allow[index];
      if (wanted === undefined) continue;
      const entryNumber = (added.body.entry as { entryNumber: number }).entryNumber;
      const patched = await who.call('PATCH', `/users/current/carts/active/entries/${entryNumber}`, { body: { allowSubstitute: wanted } });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      assert.equal((patched.body.entry as { allowSubstitute: boolean }).allowSubstitute, wanted);
    }
    const dates = (await who.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
    assert.equal((await who.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: dates[0]?.date } })).status, 200);
    const placed = await who.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    return placed.body as unknown as OrderAnswer;
  }

  const detail = async (who: Shopper, code: string) => (await who.call('GET', `/users/current/orders/${code}`, { scoped: false })).body as unknown as OrderAnswer;

  const webhookLines = async (code: string, type: string): Promise<EventLine[][]> => {
    const rows = await server.database.db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.orderingKey, code), eq(outboxMessages.channel, 'webhook'), eq(outboxMessages.type, type)))
      .orderBy(asc(outboxMessages.id));
    return rows.map((row) => (row.payload as { data?: { order: { lines: EventLine[] } }; order?: { lines: EventLine[] } }).data?.order.lines ?? (row.payload as { order: { lines: EventLine[] } }).order.lines);
  };

  /** A product of the range other than `not`, by code: the substitute a report names. */
  async function substituteFor(not: string): Promise<{ code: string; name: string; packSize: string; vatRateBp: number }> {
    const codes = await sellableProducts(server, 'DAIR', 12);
    const code = codes.find((candidate) => candidate !== not);
    assert.ok(code);
    const [product] = await server.database.db.select({ code: products.code, name: products.name, packSize: products.packSize, vatRateBp: products.vatRateBp }).from(products).where(eq(products.code, code));
    assert.ok(product);
    return product;
  }

  it('a cart line follows the ship-to default until ticked or unticked; the order line and the order.placed payload carry the choice', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    const [first] = await sellableProducts(server, 'DAIR', 1);
    await solo.call('POST', '/users/current/carts');
    const added = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: first }, quantity: 1 } });
    assert.equal((added.body.entry as { allowSubstitute: boolean }).allowSubstitute, false, 'the Corner Deli does not allow substitutes by default');
    const refused = await solo.call('PATCH', '/users/current/carts/active/entries/99', { body: { allowSubstitute: true } });
    assert.equal(refused.status, 404);
    const bad = await solo.call('PATCH', '/users/current/carts/active/entries/0', { body: { allowSubstitute: 'yes' } });
    assert.equal(bad.status, 400);

    const order = await orderWith(solo, [2, 1, 1], [true, undefined, false]);
    assert.deepEqual(order.entries.map((entry) => entry.allowSubstitute), [true, false, false]);
    assert.deepEqual(order.entries.map((entry) => entry.substitution), [null, null, null]);
    const [placed] = await webhookLines(order.code, 'order.placed');
    assert.deepEqual(placed?.map((line) => [line.allowSubstitute, line.substitution]), [[true, null], [false, null], [false, null]]);

    // An amendment keeps each kept product's choice; a product it adds takes the site's default.
    const codes = await sellableProducts(server, 'DAIR', 4);
    const [keep, , , extra] = codes;
    const amended = await solo.call('PUT', `/users/current/orders/${order.code}`, { body: { entries: [{ product: { code: extra }, quantity: 1 }, { product: { code: keep }, quantity: 3 }] }, scoped: false });
    assert.equal(amended.status, 200, JSON.stringify(amended.body));
    const after = await detail(solo, order.code);
    assert.deepEqual(after.entries.map((entry) => [entry.product.code, entry.allowSubstitute]), [[extra, false], [keep, true]]);
  });

  it('a company admin sets the site default; new cart lines of its users start ticked; only admins change it, audited once', async () => {
    const head = await shopper(server, HEAD);
    const buyer = await shopper(server, BUYER);
    const multi = await shopper(server, MULTI_DAIR);
    const read = await buyer.call('GET', `/users/current/substitutes?shipTo=${BUYER.shipTo}`, { scoped: false });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.deepEqual([read.body.allowSubstitutes, read.body.canEdit], [false, false]);
    const forbidden = await buyer.call('PUT', `/users/current/substitutes?shipTo=${BUYER.shipTo}`, { body: { allowSubstitutes: true }, scoped: false });
    assert.equal(forbidden.status, 403);
    assert.equal((await solo.call('GET', `/users/current/substitutes?shipTo=${BUYER.shipTo}`, { scoped: false })).status, 404, 'another company\'s site');

    for (let time = 0; time < 2; time++) {
      const set = await head.call('PUT', `/users/current/substitutes?shipTo=${HEAD.shipTo}`, { body: { allowSubstitutes: true }, scoped: false });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      assert.deepEqual([set.body.allowSubstitutes, set.body.canEdit], [true, true]);
    }
    const audited = await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'shipTo.allowSubstitutes'), eq(auditLog.subject, `shipTo:${HEAD.shipTo}`)));
    assert.equal(audited.length, 1, 'saving the same value again logs nothing');

    try {
      const order = await orderWith(multi, [1, 1], [undefined, false]);
      assert.deepEqual(order.entries.map((entry) => entry.allowSubstitute), [true, false], 'the default, and the line unticked');
    } finally {
      await head.call('PUT', `/users/current/substitutes?shipTo=${HEAD.shipTo}`, { body: { allowSubstitutes: false }, scoped: false });
    }
  });

  it('the dispatch report substitutes a line that allows it: the order, its totals, the event and the e-mail say what was sent; a repeat changes nothing', async () => {
    const order = await orderWith(solo, [2, 3], [true, false]);
    const [substituted, plain] = order.entries;
    assert.ok(substituted && plain);
    const substitute = await substituteFor(substituted.product.code);
    for (const status of ['confirmed', 'picking']) assert.equal((await reportStatus(server, erp, order.code, { status })).status, 200);

    const notAllowed = await reportStatus(server, erp, order.code, { status: 'dispatched', lines: [{ entryNumber: 1, substitutedBy: substitute.code, quantity: 1, unitPrice: 500 }] });
    assert.equal(notAllowed.status, 422, JSON.stringify(notAllowed.body));
    assert.equal(notAllowed.body.errors?.[0]?.subject, 'lines.substitutedBy');
    assert.match(notAllowed.body.errors?.[0]?.message ?? '', /Entry 1 does not allow a substitute/);
    const unknown = await reportStatus(server, erp, order.code, { status: 'dispatched', lines: [{ entryNumber: 0, substitutedBy: 'NO-SUCH-1', quantity: 1, unitPrice: 500 }] });
    assert.equal(unknown.status, 422, JSON.stringify(unknown.body));
    assert.match(unknown.body.errors?.[0]?.message ?? '', /no such other product/);
    const itself = await reportStatus(server, erp, order.code, { status: 'dispatched', lines: [{ entryNumber: 0, substitutedBy: substituted.product.code, quantity: 1, unitPrice: 500 }] });
    assert.equal(itself.status, 422, 'a product is no substitute for itself');
    const huge = await reportStatus(server, erp, order.code, { status: 'dispatched', lines: [{ entryNumber: 0, substitutedBy: substitute.code, quantity: 1_000_000, unitPrice: 10_000_000 }] });
    assert.equal(huge.status, 422, `an order's total has the checkout's ceiling: ${JSON.stringify(huge.body)}`);
    for (const line of [
      { entryNumber: 0, substitutedBy: substitute.code, quantity: 1 },
      { entryNumber: 0, substitutedBy: substitute.code, quantity: 1, unitPrice: 500, deliveredQuantity: 1 },
      { entryNumber: 0, deliveredQuantity: 1, unitPrice: 500 },
      { entryNumber: 0, substitutedBy: substitute.code, quantity: 0, unitPrice: 500 },
      { entryNumber: 0, substitutedBy: 'not a code!', quantity: 1, unitPrice: 500 },
    ]) {
      const answer = await reportStatus(server, erp, order.code, { status: 'dispatched', lines: [line] });
      assert.equal(answer.status, 400, `${JSON.stringify(line)}: ${JSON.stringify(answer.body)}`);
    }
    assert.equal((await detail(solo, order.code)).status, 'picking', 'a refused report changes nothing');

    const before = await detail(solo, order.code);
    const report = { status: 'dispatched', lines: [{ entryNumber: 0, substitutedBy: substitute.code, quantity: 1, unitPrice: 1234 }] };
    const dispatched = await reportStatus(server, erp, order.code, report);
    assert.equal(dispatched.status, 200, JSON.stringify(dispatched.body));

    const seen = await detail(solo, order.code);
    const line = seen.entries[0];
    assert.ok(line?.substitution);
    const sentence = `${substitute.name} ${substitute.packSize} sent instead of ${substitute.name === substituted.product.name ? '' : `${substituted.product.name} `}${substituted.product.packSize} × 2`;
    assert.equal(line.substitution.text, sentence);
    assert.deepEqual([line.substitution.product.code, line.substitution.quantity, line.substitution.basePrice.valuePence], [substitute.code, 1, 1234]);
    assert.equal(line.deliveredQuantity, 1, 'what was delivered is the substitute\'s cases');
    assert.equal(seen.entries[1]?.substitution, null);
    assert.equal(seen.entries[1]?.deliveredQuantity, 3, 'a line not reported went in full');
    const sent = lineAmounts(1234, 1, substitute.vatRateBp);
    assert.equal(seen.totalPrice.valuePence, before.totalPrice.valuePence - substituted.totalPrice.valuePence + sent.netPence, 'the totals count what was sent');
    assert.equal(seen.totalPriceWithTax.valuePence, seen.totalPrice.valuePence + seen.totalTax.valuePence);
    const [stored] = await server.database.db.select({ net: orders.netPence }).from(orders).where(eq(orders.code, order.code));
    assert.equal(stored?.net, seen.totalPrice.valuePence);

    const [statusEvent] = (await webhookLines(order.code, 'order.status_changed')).slice(-1);
    assert.deepEqual(statusEvent?.[0]?.substitution && [statusEvent[0].substitution.productCode, statusEvent[0].substitution.quantity, statusEvent[0].substitution.unitPricePence, statusEvent[0].substitution.netPence], [substitute.code, 1, 1234, sent.netPence]);

    const statusView = (await (await server.request(`/admin/v1/orders/${order.code}/status`, { token: erp })).json()) as { lines: { allowSubstitute: boolean; substitution: { productCode: string; quantity: number } | null }[] };
    assert.deepEqual(statusView.lines.map((viewed) => [viewed.allowSubstitute, viewed.substitution?.productCode ?? null, viewed.substitution?.quantity ?? null]), [[true, substitute.code, 1], [false, null, null]]);

    const day = londonDate(new Date());
    const csv = await (await server.request(`/admin/v1/orders/export.csv?from=${day}&to=${day}`, { token: erp })).text();
    const header = (csv.split('\r\n')[0] ?? '').split(',');
    const columns = ['allow_substitute', 'substitute_product_code', 'substitute_quantity', 'substitute_unit_price_pence', 'substitute_net_pence'].map((name) => header.indexOf(name));
    const exported = csv.split('\r\n').filter((row) => row.startsWith(order.code)).map((row) => columns.map((index) => row.split(',')[index]));
    assert.deepEqual(exported, [['true', substitute.code, '1', '1234', String(sent.netPence)], ['false', '', '', '', '']], 'the CSV export says what was sent instead');

    // The ERP says it again with the delivery: nothing is written twice, the totals stay.
    const delivered = await reportStatus(server, erp, order.code, { ...report, status: 'delivered' });
    assert.equal(delivered.status, 200, JSON.stringify(delivered.body));
    const again = await detail(solo, order.code);
    assert.deepEqual([again.totalPrice.valuePence, again.entries[0]?.substitution?.text], [seen.totalPrice.valuePence, sentence]);
    assert.equal((await reportStatus(server, erp, order.code, { ...report, status: 'delivered' })).status, 409, 'the same status twice is still refused');

    await dispatch(server);
    const mails = await server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, SOLO.username));
    const mail = mails.find((m) => m.subject === `Order ${order.code} is dispatched`);
    assert.ok(mail, mails.map((m) => m.subject).join('\n'));
    assert.ok(mail.text.includes(`\n  ${sentence}: 1 x ${substitute.name} (${substitute.packSize}, ${substitute.code}) at £12.34: £12.34`), mail.text);
    assert.ok(mail.html.includes(`<strong>${sentence.replace(/&/g, '&amp;')}</strong>`), mail.html);
    assert.ok(!mail.subject.includes('short'), 'a substituted line is not short');
  });

  it('check-in expects the substitute: its product and cases, credited at its price', async () => {
    const order = await orderWith(solo, [4, 1], [true, undefined]);
    const [ordered] = order.entries;
    assert.ok(ordered);
    const substitute = await substituteFor(ordered.product.code);
    for (const status of ['confirmed', 'picking']) await reportStatus(server, erp, order.code, { status });
    assert.equal((await reportStatus(server, erp, order.code, { status: 'dispatched', lines: [{ entryNumber: 0, substitutedBy: substitute.code, quantity: 2, unitPrice: 700 }] })).status, 200);
    assert.equal((await reportStatus(server, erp, order.code, { status: 'delivered' })).status, 200);

    const post = (lines: unknown[]) => solo.call('POST', `/users/current/orders/${order.code}/checkin`, { body: { lines }, scoped: false });
    const tooMany = await post([{ entryNumber: 0, receivedQuantity: 3, damagedQuantity: 0, reason: 'short' }]);
    assert.equal(tooMany.status, 400, 'two cases of the substitute were delivered, not the four ordered');
    assert.match(JSON.stringify(tooMany.body), /2 were delivered/);

    const checked = await post([{ entryNumber: 0, receivedQuantity: 1, damagedQuantity: 0, reason: 'short' }]);
    assert.equal(checked.status, 201, JSON.stringify(checked.body));
    const view = (await solo.call('GET', `/users/current/orders/${order.code}/checkin`, { scoped: false })).body as {
      checkin: { lines: { entryNumber: number; productCode: string; name: string; deliveredQuantity: number; receivedQuantity: number }[] };
      creditRequest: { lines: { entryNumber: number; quantity: number; net: Money }[] };
    };
    const line = view.checkin.lines.find((candidate) => candidate.entryNumber === 0);
    assert.deepEqual([line?.productCode, line?.name, line?.deliveredQuantity, line?.receivedQuantity], [substitute.code, substitute.name, 2, 1]);
    assert.deepEqual(view.creditRequest.lines.map((credit) => [credit.entryNumber, credit.quantity, credit.net.valuePence]), [[0, 1, 700]], 'one case of the substitute at its price');
    const requests = (await solo.call('GET', '/users/current/creditrequests', { scoped: false })).body as { creditRequests?: { code: string; orderCode: string }[] };
    const code = (requests.creditRequests ?? []).find((request) => request.orderCode === order.code)?.code;
    assert.ok(code, JSON.stringify(requests));
    const credit = (await solo.call('GET', `/users/current/creditrequests/${code}`, { scoped: false })).body as { lines: { product: { code: string; name: string; packSize: string } }[] };
    assert.deepEqual(credit.lines.map((line) => [line.product.code, line.product.name, line.product.packSize]), [[substitute.code, substitute.name, substitute.packSize]], 'the credit request names the product that came');
  });

  it('the demo: kitchen@example.com\'s order delivered yesterday has its first line substituted, open for check-in (README)', async () => {
    const kitchen = await shopper(server, { username: 'kitchen@example.com', shipTo: '0000410005', salesOrg: 'DAIR' });
    const history = (await kitchen.call('GET', '/users/current/orders')).body as unknown as { orders: OrderAnswer[] };
    const substituted = history.orders.filter((order) => order.entries.some((entry) => entry.substitution));
    assert.equal(substituted.length, 1, JSON.stringify(history.orders.map((order) => order.code)));
    const [order] = substituted;
    assert.ok(order);
    assert.equal(order.status, 'delivered');
    assert.equal(order.entries[0]?.substitution?.text, 'Filtered Semi-Skimmed Milk 12 x 1 L sent instead of Jersey Gold Top Milk 6 x 2 L × 8');
    const checkin = (await kitchen.call('GET', `/users/current/orders/${order.code}/checkin`, { scoped: false })).body as { eligible: boolean };
    assert.equal(checkin.eligible, true);
    const site = await kitchen.call('GET', '/users/current/substitutes?shipTo=0000410005', { scoped: false });
    assert.equal(site.body.allowSubstitutes, true, 'the kitchen\'s new cart lines start ticked');
  });
});
