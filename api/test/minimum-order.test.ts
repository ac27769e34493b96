// test:api:embedded: the delivery charge and the refusal are decided and written in the order's transaction, on each engine
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, orders, outboxMessages } from '../src/db/schema';
import { orderMail } from '../src/orders/order-mail';
import type { OrderEventData } from '../src/order-status/order-event';
import { shipToRanges } from '../src/db/schema';
import { MINIMUM_ORDER_DEMO } from '../src/seed/demo-accounts';
import { operatorToken } from './support/admin-client';
import { amend } from './support/amend-helpers';
import { SOLO, shopper, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

type MoneyJson = { valuePence: number; formattedValue: string };
type CartJson = {
  subTotal: MoneyJson;
  deliveryCost: MoneyJson;
  totalPrice: MoneyJson;
  totalTax: MoneyJson;
  totalPriceWithTax: MoneyJson;
  charges: { kind: string; name: string; price: MoneyJson; tax: MoneyJson }[];
  minimumOrder: { belowMinimum: string; minimumOrder: MoneyJson; addMore: MoneyJson; message: string } | null;
};

/** Products of the test's own, at prices that put a cart a penny either side of a £150.00 minimum. */
const PRODUCTS = [
  { code: 'MO-149', name: 'Minimum Brie', price: '149.99', vat: '20' },
  { code: 'MO-PENNY', name: 'Minimum Penny Sweet', price: '0.01', vat: '20' },
  { code: 'MO-137', name: 'Minimum Cheddar', price: '137.60', vat: '0' },
];

describe('minimum order: a delivery charge below it, or a refusal', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer();
    admin = await operatorToken(server);
    const lines = PRODUCTS.map(({ code, name, price, vat }) => `${code},${name},Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,${price},${vat},chilled,21`);
    const csv = `code,name,brand,range,category,packSize,listPrice,vatRate,storage,shelfLifeDays\n${lines.join('\n')}\n`;
    const imported = await server.request('/admin/v1/imports/products?dryRun=false&fileName=minimum-products.csv', { method: 'POST', token: admin, headers: { 'content-type': 'text/csv' }, body: csv });
    assert.equal(imported.status, 200, await imported.text());
  });
  after(() => server.close());

  const setMinimum = async (body: unknown, shipTo: string = SOLO.shipTo, range = 'DAIR') => {
    const response = await server.request(`/admin/v1/shiptos/${shipTo}/ranges/${range}/minimumorder`, { method: 'PUT', token: admin, body: JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };
  const firstDate = async (who: Shopper) => ((await who.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[])[0]?.date as string;
  const cartOf = async (who: Shopper, lines: [string, number][]): Promise<CartJson> => {
    await who.call('DELETE', '/users/current/carts/active');
    assert.equal((await who.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: await firstDate(who) } })).status, 200);
    for (const [code, quantity] of lines) assert.equal((await who.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } })).status, 200);
    const cart = await who.call('GET', '/users/current/carts/active');
    assert.equal(cart.status, 200);
    return cart.body as unknown as CartJson;
  };
  const place = (who: Shopper) => who.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });

  it('charge mode: a penny under pays the charge, exactly at and a penny over do not; the cart says how much more avoids it', async () => {
    assert.equal((await setMinimum({ minimumOrderPence: 15000, belowMinimum: 'charge', deliveryChargePence: 1500 })).status, 200);
    const solo = await shopper(server, SOLO);

    // The issue's figures: £137.60 of zero-rated goods, £12.40 short of £150.00.
    const issue = await cartOf(solo, [['MO-137', 1]]);
    assert.equal(issue.minimumOrder?.message, 'Add £12.40 more to avoid the £15.00 delivery charge');
    assert.equal(issue.deliveryCost.valuePence, 1500);
    assert.deepEqual(issue.charges.map((charge) => [charge.kind, charge.name, charge.price.valuePence, charge.tax.valuePence]), [['deliveryCharge', 'Delivery charge', 1500, 0]]);
    assert.deepEqual([issue.subTotal.valuePence, issue.totalPrice.valuePence, issue.totalTax.valuePence, issue.totalPriceWithTax.valuePence], [13760, 15260, 0, 15260]);

    // A penny under, goods at 20 % VAT: the charge bears the goods' VAT.
    const under = await cartOf(solo, [['MO-149', 1]]);
    assert.equal(under.minimumOrder?.message, 'Add £0.01 more to avoid the £15.00 delivery charge');
    assert.deepEqual(under.minimumOrder && [under.minimumOrder.belowMinimum, under.minimumOrder.minimumOrder.valuePence, under.minimumOrder.addMore.valuePence], ['charge', 15000, 1]);
    assert.deepEqual([under.subTotal.valuePence, under.deliveryCost.valuePence, under.totalPrice.valuePence, under.totalTax.valuePence, under.totalPriceWithTax.valuePence], [14999, 1500, 16499, 3000 + 300, 16499 + 3300]);

    const at = await cartOf(solo, [['MO-149', 1], ['MO-PENNY', 1]]);
    assert.equal(at.minimumOrder, null);
    assert.deepEqual([at.subTotal.valuePence, at.deliveryCost.valuePence, at.totalPrice.valuePence, at.charges.length], [15000, 0, 15000, 0]);

    const over = await cartOf(solo, [['MO-149', 1], ['MO-PENNY', 2]]);
    assert.equal(over.minimumOrder, null);
    assert.deepEqual([over.deliveryCost.valuePence, over.totalPrice.valuePence], [0, 15001]);
  });

  it('an order placed a penny under keeps its charge: in its totals, its page, the ERP payload and the confirmation', async () => {
    assert.equal((await setMinimum({ minimumOrderPence: 15000, belowMinimum: 'charge', deliveryChargePence: 1500 })).status, 200);
    const solo = await shopper(server, SOLO);
    await cartOf(solo, [['MO-149', 1]]);
    const placed = await place(solo);
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const code = placed.body.code as string;
    const view = placed.body as unknown as CartJson;
    assert.deepEqual([view.subTotal.valuePence, view.deliveryCost.valuePence, view.totalPrice.valuePence, view.totalPriceWithTax.valuePence], [14999, 1500, 16499, 19799]);

    const [stored] = await server.database.db.select().from(orders).where(eq(orders.code, code));
    assert.deepEqual(stored && [stored.netPence, stored.vatPence, stored.grossPence, stored.deliveryChargePence, stored.deliveryChargeVatPence], [16499, 3300, 19799, 1500, 300]);
    const page = await solo.call('GET', `/users/current/orders/${code}`);
    assert.equal((page.body as unknown as CartJson).deliveryCost.valuePence, 1500);

    const [event] = await server.database.db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.type, 'order.placed'), eq(outboxMessages.orderingKey, code)))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    const data = (event?.payload as { data: OrderEventData }).data;
    assert.deepEqual(data.order.charges, [{ kind: 'deliveryCharge', name: 'Delivery charge', netPence: 1500, vatPence: 300 }]);
    assert.deepEqual([data.order.netPence, data.order.grossPence], [16499, 19799]);
    const mail = orderMail('order.placed', data, 'http://shop.test');
    assert.match(mail.text, /Delivery charge: £15\.00\nNet: £164\.99\nVAT: £33\.00\nTotal: £197\.99/);
    assert.match(mail.html, /Delivery charge<\/th><td[^>]*>£15\.00/);

    const exported = await server.request(`/admin/v1/orders/export.csv?from=${stored?.placedAt.toISOString().slice(0, 10)}&to=${stored?.placedAt.toISOString().slice(0, 10)}`, { token: admin });
    const csv = await exported.text();
    const header = (csv.split('\r\n')[0] ?? '').split(',');
    const row = (csv.split('\r\n').find((line) => line.startsWith(code)) ?? '').split(',');
    assert.deepEqual([row[header.indexOf('delivery_charge_pence')], row[header.indexOf('delivery_charge_vat_pence')]], ['1500', '300']);
  });

  it('an order placed exactly at the minimum has no charge', async () => {
    assert.equal((await setMinimum({ minimumOrderPence: 15000, belowMinimum: 'charge', deliveryChargePence: 1500 })).status, 200);
    const solo = await shopper(server, SOLO);
    await cartOf(solo, [['MO-149', 1], ['MO-PENNY', 1]]);
    const placed = await place(solo);
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const [stored] = await server.database.db.select().from(orders).where(eq(orders.code, placed.body.code as string));
    assert.deepEqual(stored && [stored.netPence, stored.deliveryChargePence, stored.deliveryChargeVatPence], [15000, 0, 0]);
  });

  it('refuse mode: a penny under is refused with how much more it needs, and the cart says so first; at the minimum it is ordered', async () => {
    assert.equal((await setMinimum({ minimumOrderPence: 15000, belowMinimum: 'refuse' })).status, 200);
    const solo = await shopper(server, SOLO);
    const under = await cartOf(solo, [['MO-149', 1]]);
    assert.equal(under.minimumOrder?.message, 'Minimum order for this delivery is £150.00 — add £0.01 more');
    assert.equal(under.deliveryCost.valuePence, 0);
    const refused = await place(solo);
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(refused.body.errors?.[0], { type: 'MinimumOrderError', reason: 'unprocessable', message: 'Minimum order for this delivery is £150.00 — add £0.01 more', subject: 'entries' });
    assert.equal((await solo.call('GET', '/users/current/carts/active')).status, 200, 'the cart is still there to add to');

    assert.equal((await cartOf(solo, [['MO-149', 1], ['MO-PENNY', 1]])).minimumOrder, null);
    const placed = await place(solo);
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    assert.equal((placed.body as unknown as CartJson).deliveryCost.valuePence, 0);
  });

  it('the back office sets, reads and clears a minimum, audited; bad settings are 400 and an unknown ship-to or range 404', async () => {
    const set = await setMinimum({ minimumOrderPence: 9000, belowMinimum: 'charge', deliveryChargePence: 750 });
    assert.deepEqual(set.body, { shipTo: SOLO.shipTo, range: 'DAIR', minimumOrder: { minimumOrderPence: 9000, belowMinimum: 'charge', deliveryChargePence: 750 } });
    const read = await server.request(`/admin/v1/shiptos/${SOLO.shipTo}/ranges/DAIR/minimumorder`, { token: admin });
    assert.deepEqual(await read.json(), set.body);
    const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'shipTo.minimumOrder')).orderBy(desc(auditLog.id)).limit(1);
    assert.deepEqual(audit?.after, { minimumOrderPence: 9000, belowMinimum: 'charge', deliveryChargePence: 750 });
    assert.equal(audit?.subject, `shipTo:${SOLO.shipTo}:DAIR`);

    const cleared = await setMinimum({ minimumOrderPence: null });
    assert.deepEqual(cleared.body.minimumOrder, { minimumOrderPence: null, belowMinimum: null, deliveryChargePence: null });
    const solo = await shopper(server, SOLO);
    assert.equal((await cartOf(solo, [['MO-PENNY', 1]])).minimumOrder, null);

    for (const bad of [
      { minimumOrderPence: 9000, belowMinimum: 'charge' },
      { minimumOrderPence: 9000, belowMinimum: 'refuse', deliveryChargePence: 500 },
      { minimumOrderPence: 0, belowMinimum: 'refuse' },
      { minimumOrderPence: 90.5, belowMinimum: 'refuse' },
      { minimumOrderPence: 9000, belowMinimum: 'sometimes' },
      { minimumOrderPence: 9000, belowMinimum: 'refuse', extra: 1 },
      'nine pounds',
    ]) {
      assert.equal((await setMinimum(bad)).status, 400, JSON.stringify(bad));
    }
    assert.equal((await setMinimum({ minimumOrderPence: 9000, belowMinimum: 'refuse' }, SOLO.shipTo, 'CHIL')).status, 404);
    assert.equal((await setMinimum({ minimumOrderPence: 9000, belowMinimum: 'refuse' }, '9999999999')).status, 404);
    assert.equal((await setMinimum({ minimumOrderPence: 9000, belowMinimum: 'refuse' }, SOLO.shipTo, 'NOPE')).status, 400);
  });

  const importCustomers = async (csv: string) => {
    const response = await server.request('/admin/v1/imports/customers?dryRun=false&fileName=minimum-customers.csv', { method: 'POST', token: admin, headers: { 'content-type': 'text/csv' }, body: csv });
    return { status: response.status, body: (await response.json()) as { outcome: string; updated: number; unchanged: number; problems: { line: number; column: string; reason: string }[] } };
  };
  const minimumOf = async (shipTo: string, range: string) =>
    (
      await server.database.db
        .select({ minimumOrderPence: shipToRanges.minimumOrderPence, belowMinimum: shipToRanges.belowMinimum, deliveryChargePence: shipToRanges.deliveryChargePence })
        .from(shipToRanges)
        .where(and(eq(shipToRanges.shipToCode, shipTo), eq(shipToRanges.range, range)))
    )[0];

  it('the customers import sets a minimum per range, keeps it when the column is absent or empty, removes it with "none" and names a bad one', async () => {
    const header = 'record,code,name,soldTo,address,town,postcode,cutoff,deliveryDays,minimumOrder';
    const row = (minimum: string) => `shipTo,0000419801,Minimum Import Café,0000100001,1 Test Street,Whitby,YO21 1AA,14:00,CHIL: Mon; DAIR: Tue Fri,${minimum}`;
    const set = await importCustomers(`${header}\n${row('"DAIR: £1,500.00 charge 15; CHIL: 80 refuse"')}\n`);
    assert.equal(set.body.outcome, 'applied', JSON.stringify(set.body));
    assert.deepEqual(await minimumOf('0000419801', 'DAIR'), { minimumOrderPence: 150_000, belowMinimum: 'charge', deliveryChargePence: 1500 });
    assert.deepEqual(await minimumOf('0000419801', 'CHIL'), { minimumOrderPence: 8000, belowMinimum: 'refuse', deliveryChargePence: null });

    // An old file without the column, and a row with it empty, keep what is stored; so does a delivery day changed.
    const old = await importCustomers('record,code,name,soldTo,address,town,postcode,cutoff,deliveryDays\nshipTo,0000419801,Minimum Import Café,0000100001,1 Test Street,Whitby,YO21 1AA,14:00,CHIL: Mon; DAIR: Tue Thu\n');
    assert.equal(old.body.updated, 1, JSON.stringify(old.body));
    assert.equal((await importCustomers(`${header}\n${row('')}\n`)).body.outcome, 'applied');
    assert.deepEqual(await minimumOf('0000419801', 'DAIR'), { minimumOrderPence: 150_000, belowMinimum: 'charge', deliveryChargePence: 1500 });

    const again = await importCustomers(`${header}\n${row('"DAIR: 1500 charge 15.00"')}\n`);
    assert.deepEqual([again.body.updated, again.body.unchanged], [0, 1], 'the same minimum again changes nothing');
    assert.equal((await importCustomers(`${header}\n${row('DAIR: none')}\n`)).body.updated, 1);
    assert.deepEqual(await minimumOf('0000419801', 'DAIR'), { minimumOrderPence: null, belowMinimum: null, deliveryChargePence: null });
    assert.equal((await minimumOf('0000419801', 'CHIL'))?.minimumOrderPence, 8000);

    for (const bad of ['DAIR: 150 charge', 'DAIR: 150', 'DAIR: 0 refuse', 'DAIR: 150 refuse 5', 'DAIR: ten charge 5', 'XXXX: 150 refuse', '"DAIR: 150 refuse; DAIR: 80 refuse"']) {
      const refused = await importCustomers(`${header}\n${row(bad)}\n`);
      assert.deepEqual(refused.body.problems.map((problem) => [problem.line, problem.column]), [[2, 'minimumOrder']], bad);
    }
    const otherRange = await importCustomers(`${header}\nshipTo,0000419802,Dairy Only,0000100001,1 Test Street,Whitby,YO21 1AA,14:00,DAIR: Tue,CHIL: 80 refuse\n`);
    assert.match(otherRange.body.problems[0]?.reason ?? '', /Range CHIL has no delivery days on this row/);
  });

  it('an amendment is charged as checkout would be: over the minimum the charge goes, under a refusing minimum it is refused', async () => {
    assert.equal((await setMinimum({ minimumOrderPence: 15000, belowMinimum: 'charge', deliveryChargePence: 1500 })).status, 200);
    const solo = await shopper(server, SOLO);
    await cartOf(solo, [['MO-149', 1]]);
    const placed = await place(solo);
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const code = placed.body.code as string;

    const over = await amend(solo, code, [{ code: 'MO-149', quantity: 1 }, { code: 'MO-PENNY', quantity: 1 }]);
    assert.equal(over.status, 200, JSON.stringify(over.body));
    const [amended] = await server.database.db.select().from(orders).where(eq(orders.code, code));
    assert.deepEqual(amended && [amended.netPence, amended.deliveryChargePence, amended.deliveryChargeVatPence], [15000, 0, 0]);

    assert.equal((await amend(solo, code, [{ code: 'MO-137', quantity: 1 }])).status, 200);
    const [charged] = await server.database.db.select().from(orders).where(eq(orders.code, code));
    assert.deepEqual(charged && [charged.netPence, charged.vatPence, charged.deliveryChargePence], [13760 + 1500, 0, 1500]);

    assert.equal((await setMinimum({ minimumOrderPence: 15000, belowMinimum: 'refuse' })).status, 200);
    const refused = await amend(solo, code, [{ code: 'MO-PENNY', quantity: 1 }]);
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.errors?.[0]?.message, 'Minimum order for this delivery is £150.00 — add £149.99 more');
  });

  it("a spending limit weighs the order with its charge: £137.60 of goods and £15.00 of charge pass the Quayside buyer's £150.00 limit", async () => {
    const quayside = { username: 'buyer@example.com', shipTo: '0000410002', salesOrg: 'DAIR' };
    assert.equal((await setMinimum({ minimumOrderPence: 15000, belowMinimum: 'charge', deliveryChargePence: 1500 }, quayside.shipTo)).status, 200);
    const buyer = await shopper(server, quayside);
    const cart = await cartOf(buyer, [['MO-137', 1]]);
    assert.equal(cart.totalPrice.valuePence, 15260);
    const check = await buyer.call('GET', '/users/current/carts/current/approvalcheck');
    assert.equal(check.status, 200, JSON.stringify(check.body));
    assert.equal(check.body.needsApproval, true, JSON.stringify(check.body));
    const placed = await place(buyer);
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    assert.notEqual(placed.body.status, 'placed', 'held for approval');
    assert.equal((await setMinimum({ minimumOrderPence: null }, quayside.shipTo)).status, 200);
  });

  it("the demo's village shop: one case of dairy is short of its £150.00 minimum and says how much more avoids the £15.00 charge", async () => {
    const village = await shopper(server, { username: MINIMUM_ORDER_DEMO.username, shipTo: MINIMUM_ORDER_DEMO.shipTo, salesOrg: 'DAIR' });
    const cart = await cartOf(village, [['MO-137', 1]]);
    assert.equal(cart.minimumOrder?.message, 'Add £12.40 more to avoid the £15.00 delivery charge');
    assert.equal(cart.deliveryCost.valuePence, 1500);
  });
});
