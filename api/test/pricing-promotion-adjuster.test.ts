import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq } from 'drizzle-orm';
import { approvalLimits, orderLines, orders, outboxMessages } from '../src/db/schema';
import type { PriceAdjuster } from '../src/pricing/price-adjuster';
import { registerPriceAdjuster } from '../src/pricing/price-adjusters';
import { customerPrices } from '../src/pricing/customer-prices';
import { vatPence } from '../src/pricing/money';
import { amend, orderOf } from './support/amend-helpers';
import { fillActiveCart, sellableProducts, shopper, SOLO, type Json, type Shopper } from './support/cart-helpers';
import { createStandingOrder, runScheduler, type StandingOrderJson } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

// The reviewer's test of the pricing seam (docs/pricing.md): a promotion is one adjuster registered in one line,
// and every total the shop shows or checks takes it, with no production file changed for it.

const PROMOTION = 'TEN-OFF';
const SOLO_SOLD_TO = '0000100002';
// Tuesday 1 December 2026, 10:00 London: SOLO's next delivery is Friday 4 December, cut-off Thursday 14:00.
const NOW = '2026-12-01T10:00:00Z';
const FRIDAY = '2026-12-04';

/** 10% off each unit of one product, for everyone. */
const tenPercentOff = (code: string): PriceAdjuster => ({
  kind: 'promotion',
  adjust: (_db, _context, lines) => lines.map((line) => (line.code === code ? { kind: 'promotion', source: PROMOTION, amount: -Math.round(line.unit / 10) } : null)),
});

interface Money {
  valuePence: number;
}
interface EntryJson {
  quantity: number;
  product: { code: string; price?: Money };
  basePrice: Money;
  totalPrice: Money;
  totalTax: Money;
}
interface TotalsJson {
  entries?: EntryJson[];
  lines?: EntryJson[];
  subTotal: Money;
  totalTax: Money;
  totalPriceWithTax: Money;
}

describe('a promotion adjuster registered in one line applies everywhere', () => {
  let server: TestServer;
  let solo: Shopper;
  let promoted: string;
  let plain: string;
  let unregister: () => void;
  /** The price each product has for SOLO's sold-to without the promotion, and its VAT rate. */
  let base: Map<string, { pricePence: number; vatRateBp: number }>;

  const unitOf = (code: string): number => {
    const price = base.get(code)?.pricePence ?? 0;
    return code === promoted ? price - Math.round(price / 10) : price;
  };
  /** What lines of `quantities` cost with the promotion: net, VAT per line, gross. */
  const expected = (quantities: [string, number][]) => {
    const lines = quantities.map(([code, quantity]) => {
      const net = unitOf(code) * quantity;
      return { net, vat: vatPence(net, base.get(code)?.vatRateBp ?? 0) };
    });
    const net = lines.reduce((sum, line) => sum + line.net, 0);
    const vat = lines.reduce((sum, line) => sum + line.vat, 0);
    return { net, vat, gross: net + vat };
  };
  const assertPriced = (body: TotalsJson, quantities: [string, number][]) => {
    const entries = body.entries ?? body.lines ?? [];
    for (const [code] of quantities) {
      const entry = entries.find((one) => one.product.code === code);
      assert.ok(entry, `a line of ${code}`);
      assert.equal(entry.basePrice.valuePence, unitOf(code), `the unit price of ${code}`);
      assert.equal(entry.totalPrice.valuePence, unitOf(code) * entry.quantity);
    }
    const totals = expected(quantities);
    assert.deepEqual([body.subTotal.valuePence, body.totalTax.valuePence, body.totalPriceWithTax.valuePence], [totals.net, totals.vat, totals.gross]);
  };
  const storedPromotions = async (orderCode: string) => {
    const rows = await server.database.db
      .select({ productCode: orderLines.productCode, unit: orderLines.unitPricePence, adjustments: orderLines.priceAdjustments })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.code, orderCode))
      .orderBy(asc(orderLines.lineNumber));
    return rows.map((row) => [row.productCode, row.unit, row.adjustments.filter((adjustment) => adjustment.kind === 'promotion').map((adjustment) => adjustment.source)]);
  };
  const approvalCheck = async (): Promise<boolean> => {
    const answer = await solo.call('GET', `/users/current/carts/current/approvalcheck?deliveryDate=${FRIDAY}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.needsApproval as boolean;
  };

  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0' } });
    await setClock(server, NOW);
    solo = await shopper(server, SOLO);
    const codes = await sellableProducts(server, SOLO.salesOrg, 2);
    [promoted = '', plain = ''] = codes;
    base = await customerPrices(server.database.db, SOLO_SOLD_TO, codes);
    assert.ok((base.get(promoted)?.pricePence ?? 0) >= 10, 'a price 10% of which is at least a penny');
    unregister = registerPriceAdjuster(tenPercentOff(promoted));
  });
  after(async () => {
    unregister();
    await server.close();
  });

  let orderCode = '';

  it('in the cart: its lines and totals', async () => {
    await fillActiveCart(server, solo, [3, 2]);
    const cart = await solo.call('GET', '/users/current/carts/active');
    assert.equal(cart.status, 200);
    assertPriced(cart.body as unknown as TotalsJson, [
      [promoted, 3],
      [plain, 2],
    ]);
  });

  it('in the limit check before checkout and at checkout: a limit at the promoted total holds nothing', async () => {
    const put = await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: FRIDAY } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const { net } = expected([
      [promoted, 3],
      [plain, 2],
    ]);
    const code = `AL-P${randomUUID().slice(0, 6)}`;
    await server.database.db.insert(approvalLimits).values({ code, soldToCode: SOLO_SOLD_TO, shipToCode: SOLO.shipTo, type: 'orderThreshold', thresholdPence: net - 1 });
    try {
      assert.equal(await approvalCheck(), true, 'a penny under the promoted total needs approval');
      await server.database.db.update(approvalLimits).set({ thresholdPence: net }).where(eq(approvalLimits.code, code));
      assert.equal(await approvalCheck(), false, 'at the promoted total it does not');
      const placed: Json = await solo.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
      assert.equal(placed.body.status, 'placed');
      orderCode = placed.body.code as string;
      assertPriced(placed.body as unknown as TotalsJson, [
        [promoted, 3],
        [plain, 2],
      ]);
    } finally {
      await server.database.db.delete(approvalLimits).where(eq(approvalLimits.code, code));
    }
  });

  it('on the placed order’s stored lines, with the adjustment kept beside the unit price', async () => {
    assert.deepEqual(await storedPromotions(orderCode), [
      [promoted, unitOf(promoted), [PROMOTION]],
      [plain, unitOf(plain), []],
    ]);
  });

  it('in an amendment: the new lines re-priced, stored with their adjustments', async () => {
    const amended = await amend(solo, orderCode, [
      { code: plain, quantity: 1 },
      { code: promoted, quantity: 5 },
    ]);
    assert.equal(amended.status, 200, JSON.stringify(amended.body));
    assertPriced((await orderOf(solo, orderCode)) as unknown as TotalsJson, [
      [plain, 1],
      [promoted, 5],
    ]);
    assert.deepEqual(await storedPromotions(orderCode), [
      [plain, unitOf(plain), []],
      [promoted, unitOf(promoted), [PROMOTION]],
    ]);
  });

  let standing: StandingOrderJson;

  it('on a standing order’s page and its delivery', async () => {
    await fillActiveCart(server, solo, [4, 1]);
    standing = await createStandingOrder(solo, { cartId: 'active', name: 'Promoted Fridays', weekdays: [5], startDate: '2026-12-02' });
    const quantities: [string, number][] = [
      [promoted, 4],
      [plain, 1],
    ];
    assertPriced(standing as unknown as TotalsJson, quantities);
    assert.equal(standing.lines.find((line) => line.product.code === promoted)?.product.price.valuePence, unitOf(promoted));
    const delivery = await solo.call('GET', `/users/current/standingorders/${standing.code}/deliveries/${FRIDAY}`, { scoped: false });
    assert.equal(delivery.status, 200, JSON.stringify(delivery.body));
    assertPriced(delivery.body as unknown as TotalsJson, quantities);
  });

  it('in the standing order’s reminder', async () => {
    await setClock(server, '2026-12-03T08:00:00Z');
    await runScheduler(server);
    const [reminder] = await server.database.db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.type, 'standing_order.reminder'), eq(outboxMessages.orderingKey, `${standing.code}/${FRIDAY}`)));
    assert.ok(reminder, 'the reminder is queued');
    const body = (reminder.payload as { data: { lines: { productCode: string; unitPricePence: number }[]; netPence: number } }).data;
    assert.equal(body.lines.find((line) => line.productCode === promoted)?.unitPricePence, unitOf(promoted));
    assert.equal(
      body.netPence,
      expected([
        [promoted, 4],
        [plain, 1],
      ]).net,
    );
  });

  it('and nowhere once unregistered', async () => {
    unregister();
    await setClock(server, NOW);
    await fillActiveCart(server, solo, [1]);
    const cart = await solo.call('GET', '/users/current/carts/active');
    const entries = cart.body.entries as EntryJson[];
    assert.equal(entries[0]?.basePrice.valuePence, base.get(promoted)?.pricePence);
  });
});
