// test:api:embedded: amendments, standing orders and limit checks read the price rules through the one statement of JSON aggregates, which both engines must answer alike
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { approvalLimits, categories, orderLines, orders, products, promotions } from '../src/db/schema';
import { amend, orderOf } from './support/amend-helpers';
import { shopper, SOLO, type Json, type Shopper } from './support/cart-helpers';
import { createStandingOrder, runScheduler, standingOrdersPlaced } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

// Tuesday 1 December 2026, 10:00 London. SOLO (sold-to 0000100002) gets dairy on Tuesdays and Fridays; the
// cut-off is 14:00 on the working day before, so Tuesday 8 December's is Monday 7 December, 14:00.
const NOW = '2026-12-01T10:00:00Z';
const FRIDAY = '2026-12-04';
const TUESDAY = '2026-12-08';
const LIST = 1000;
const DEAR = 10_000;

interface Money {
  valuePence: number;
}
interface LineJson {
  quantity: number;
  product: { code: string };
  basePrice: Money;
  totalPrice: Money;
  offer?: { kind: string; name: string; endsOn?: string };
}
interface PricedJson {
  code: string;
  status: string;
  entries: LineJson[];
  subTotal: Money;
  totalSaving?: Money;
}

describe('prices that vary, at the delivery date: amendments, standing orders and limit checks', () => {
  let server: TestServer;
  let solo: Shopper;
  const tag = randomUUID().slice(0, 6).toUpperCase();
  // ending: an offer live until Monday 7th, so live on every day the tests act but over before Tuesday's delivery.
  // starting: an offer from Tuesday 8th, live on no day the tests act, only on the delivery date.
  // dear: £100 a case, half off on Tuesday 8th only, for the limit checks.
  const [ending, starting, dear] = ['E', 'S', 'D'].map((letter) => `PA-${tag}-${letter}`) as [string, string, string];
  const category = `DAIR_PA_${tag}`;
  const ENDING = `END-${tag}`;
  const STARTING = `START-${tag}`;
  const HALF = `HALF-${tag}`;

  const line = (body: PricedJson, code: string): LineJson => {
    const found = body.entries.find((entry) => entry.product.code === code);
    assert.ok(found, `a line of ${code} in ${JSON.stringify(body.entries)}`);
    return found;
  };
  /** Each line's case price and offer name, by product code. */
  const pricing = (body: PricedJson) => Object.fromEntries(body.entries.map((entry) => [entry.product.code, [entry.basePrice.valuePence, entry.offer?.name ?? null]]));
  const storedAdjustments = async (orderCode: string) => {
    const rows = await server.database.db
      .select({ code: orderLines.productCode, unit: orderLines.unitPricePence, adjustments: orderLines.priceAdjustments })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.code, orderCode))
      .orderBy(asc(orderLines.lineNumber));
    return Object.fromEntries(rows.map((row) => [row.code, [row.unit, (row.adjustments as { kind: string; source: string }[]).map((a) => `${a.kind}:${a.source}`)]]));
  };
  const fillCart = async (lines: [string, number][], deliveryDate: string) => {
    await solo.call('DELETE', '/users/current/carts/active');
    await solo.call('POST', '/users/current/carts');
    for (const [code, quantity] of lines) {
      const added = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
    }
    const put = await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: deliveryDate } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  };
  const placeCart = async (): Promise<PricedJson> => {
    const placed: Json = await solo.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    return placed.body as unknown as PricedJson;
  };

  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true' } });
    await setClock(server, NOW);
    solo = await shopper(server, SOLO);
    const db = server.database.db;
    // The test's own products in a category of its own, so no demo offer, break or price reaches them.
    await db.insert(categories).values({ id: category, name: `Delivery-date prices ${tag}`, parentId: 'DAIR', range: 'DAIR' });
    const [template] = await db.select().from(products).where(eq(products.range, 'DAIR')).limit(1);
    assert.ok(template);
    const { foodMarks: _marks, searchText: _text, searchDocument: _document, ...fields } = template;
    await db.insert(products).values(
      ([[ending, LIST], [starting, LIST], [dear, DEAR]] as const).map(([code, listPricePence]) => ({
        ...fields,
        code,
        name: `Delivery-date price ${code}`,
        categoryId: category,
        listPricePence,
        minOrderQuantity: 1,
        discontinued: false,
        stockStatus: 'inStock' as const,
      })),
    );
    const everyone = { who: 'all' as const, what: 'products' as const };
    await db.insert(promotions).values([
      { ...everyone, code: ENDING, name: 'Twenty off until Monday', kind: 'percentOff', value: 2000, targets: [ending], validFrom: '2026-12-01', validTo: '2026-12-07' },
      { ...everyone, code: STARTING, name: '£3 off from Tuesday', kind: 'amountOff', value: 300, targets: [starting], validFrom: TUESDAY, validTo: '2026-12-20' },
      { ...everyone, code: HALF, name: 'Half price on Tuesday', kind: 'percentOff', value: 5000, targets: [dear], validFrom: TUESDAY, validTo: TUESDAY },
    ]);
  });
  after(async () => server.close());

  it('an amendment re-prices at the order’s delivery date: an offer valid that day applies, one over before it does not', async () => {
    await setClock(server, NOW);
    await fillCart([[ending, 2], [starting, 1]], TUESDAY);
    const placed = await placeCart();
    assert.deepEqual(pricing(placed), { [ending]: [LIST, null], [starting]: [LIST - 300, '£3 off from Tuesday'] }, 'placed: priced for Tuesday');
    // Monday 7th, before the cut-off: the ending offer is live today but over by Tuesday; the starting one the reverse.
    await setClock(server, '2026-12-07T13:00:00Z');
    const amended = await amend(solo, placed.code, [
      { code: ending, quantity: 3 },
      { code: starting, quantity: 2 },
    ]);
    assert.equal(amended.status, 200, JSON.stringify(amended.body));
    const order = (await orderOf(solo, placed.code)) as unknown as PricedJson;
    assert.deepEqual(pricing(order), { [ending]: [LIST, null], [starting]: [LIST - 300, '£3 off from Tuesday'] });
    assert.deepEqual([line(order, ending).totalPrice.valuePence, line(order, starting).totalPrice.valuePence], [3 * LIST, 2 * (LIST - 300)]);
    assert.equal(order.subTotal.valuePence, 3 * LIST + 2 * (LIST - 300));
    assert.equal(order.totalSaving?.valuePence, 2 * 300);
    assert.deepEqual(await storedAdjustments(placed.code), { [ending]: [LIST, []], [starting]: [LIST - 300, [`promotion:${STARTING}`]] });
  });

  it('an amendment of an order for a date the ending offer covers keeps it', async () => {
    await setClock(server, NOW);
    await fillCart([[ending, 1]], FRIDAY);
    const placed = await placeCart();
    assert.deepEqual(pricing(placed), { [ending]: [LIST - 200, 'Twenty off until Monday'] });
    const amended = await amend(solo, placed.code, [
      { code: ending, quantity: 4 },
      { code: starting, quantity: 1 },
    ]);
    assert.equal(amended.status, 200, JSON.stringify(amended.body));
    const order = (await orderOf(solo, placed.code)) as unknown as PricedJson;
    assert.deepEqual(pricing(order), { [ending]: [LIST - 200, 'Twenty off until Monday'], [starting]: [LIST, null] }, 'Friday: the starting offer is not yet valid');
    assert.deepEqual(await storedAdjustments(placed.code), { [ending]: [LIST - 200, [`promotion:${ENDING}`]], [starting]: [LIST, []] });
  });

  it('a standing order’s delivery is priced at its delivery date, on its page and in the order placed at the cut-off', async () => {
    await setClock(server, NOW);
    await fillCart([[ending, 2], [starting, 3]], TUESDAY);
    const standing = await createStandingOrder(solo, { cartId: 'active', name: `Tuesdays ${tag}`, weekdays: [2], startDate: '2026-12-02' });
    assert.equal(standing.nextDeliveries[0]?.date, TUESDAY);
    const delivery: Json = await solo.call('GET', `/users/current/standingorders/${standing.code}/deliveries/${TUESDAY}`, { scoped: false });
    assert.equal(delivery.status, 200, JSON.stringify(delivery.body));
    const lines = delivery.body.lines as LineJson[];
    assert.deepEqual(
      Object.fromEntries(lines.map((entry) => [entry.product.code, entry.basePrice.valuePence])),
      { [ending]: LIST, [starting]: LIST - 300 },
      'the delivery page: Tuesday’s prices, though today the ending offer is live and the starting one is not',
    );
    // Monday 7th, just past the cut-off: the ending offer is still live today; the order is for Tuesday.
    await runScheduler(server);
    await setClock(server, '2026-12-07T14:01:00Z');
    await runScheduler(server);
    await runScheduler(server);
    const [placed] = (await standingOrdersPlaced(server, standing.code)).filter((row) => row.deliveryDate === TUESDAY);
    assert.ok(placed, 'the standing order placed Tuesday’s order');
    const order = (await orderOf(solo, placed.code)) as unknown as PricedJson;
    assert.deepEqual(pricing(order), { [ending]: [LIST, null], [starting]: [LIST - 300, '£3 off from Tuesday'] });
    assert.equal(order.subTotal.valuePence, 2 * LIST + 3 * (LIST - 300));
    assert.deepEqual(await storedAdjustments(placed.code), { [ending]: [LIST, []], [starting]: [LIST - 300, [`promotion:${STARTING}`]] });
  });

  it('a limit check counts the price paid after offers, at the date it checks for', async () => {
    await setClock(server, NOW);
    // £150 an order: two cases at £100 are over it, at half price on Tuesday they are not.
    const limit = `AL-${tag}`;
    await server.database.db.insert(approvalLimits).values({ code: limit, soldToCode: '0000100002', shipToCode: SOLO.shipTo, type: 'orderThreshold', thresholdPence: 15_000 });
    const needsApproval = async (deliveryDate?: string) => {
      const query = deliveryDate ? `?deliveryDate=${deliveryDate}` : '';
      const answer = await solo.call('GET', `/users/current/carts/current/approvalcheck${query}`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.needsApproval as boolean;
    };
    try {
      await fillCart([[dear, 2]], FRIDAY);
      assert.equal(await needsApproval(), true, 'Friday: £200, no offer');
      assert.equal(await needsApproval(TUESDAY), false, 'asked for Tuesday: £100 after the offer');
      await fillCart([[dear, 2]], TUESDAY);
      assert.equal(await needsApproval(), false, 'the cart for Tuesday: £100 after the offer');
      assert.equal(await needsApproval(FRIDAY), true, 'asked for Friday: £200');
      const placed = await placeCart();
      assert.equal(placed.status, 'placed', 'not held: the limit saw £100');
      assert.equal(placed.subTotal.valuePence, DEAR);
      // Amending to three cases (£150 after the offer) stays within the limit; four (£200) would be held.
      await setClock(server, '2026-12-07T13:00:00Z');
      const three = await amend(solo, placed.code, [{ code: dear, quantity: 3 }]);
      assert.equal(three.status, 200, JSON.stringify(three.body));
      assert.equal(((await orderOf(solo, placed.code)) as unknown as PricedJson).status, 'placed');
      const check: Json = await solo.call('POST', `/users/current/orders/${placed.code}/amendmentcheck`, {
        scoped: false,
        body: { entries: [{ product: { code: dear }, quantity: 4 }] },
      });
      assert.equal(check.status, 200, JSON.stringify(check.body));
      assert.deepEqual([check.body.needsApproval, check.body.netPence], [true, 4 * (DEAR / 2)], JSON.stringify(check.body));
    } finally {
      await server.database.db.delete(approvalLimits).where(eq(approvalLimits.code, limit));
    }
  });
});
