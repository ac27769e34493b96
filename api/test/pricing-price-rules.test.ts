// test:api:embedded: the price rules are one statement of JSON aggregates and a recursive walk up the categories, which both engines must answer alike
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { asc, eq, inArray } from 'drizzle-orm';
import { categories, datedPrices, orderLines, orders, outboxMessages, products, promotions, shipTos, volumeTiers } from '../src/db/schema';
import { pricingToday } from '../src/pricing/price-adjuster';
import type { LineRules, RulesLookup } from '../src/pricing/price-rules/line-rules';
import { PriceRulesCopy, priceRulesCopyOf, priceRulesCopyOfTransaction } from '../src/pricing/price-rules/price-rules-copy';
import { transactionOf } from '../src/db/transaction-root';
import { readPriceRules } from '../src/pricing/price-rules/price-rules-reader';
import { shopper, SOLO, type Json, type Shopper } from './support/cart-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

// Tuesday 1 December 2026, 10:00 London: SOLO's deliveries are on Fridays (4 and 11 December).
const NOW = '2026-12-01T10:00:00Z';
const FRIDAY = '2026-12-04';
const NEXT_FRIDAY = '2026-12-11';
const LIST = 1000;

interface Money {
  valuePence: number;
}
interface EntryJson {
  entryNumber: number;
  quantity: number;
  product: { code: string };
  basePrice: Money;
  totalPrice: Money;
  offer?: { kind: string; name: string; endsOn?: string };
  wasPrice?: Money;
  saving?: Money;
  nextBreak?: { minQuantity: number; price: Money; moreNeeded: number };
}
interface CartJson {
  pricedFor: string;
  entries: EntryJson[];
  subTotal: Money;
  totalSaving: Money;
}

describe('prices that vary: dated prices, volume breaks and promotions through cart, checkout and order', () => {
  let server: TestServer;
  let solo: Shopper;
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const [dated, tiered, promoted, byCategory] = ['D', 'T', 'P', 'C'].map((letter) => `PR-${tag}-${letter}`) as [string, string, string, string];
  const category = `DAIR_PR_${tag}`;
  const otherCategory = `DAIR_PR2_${tag}`;
  const plainCategory = `DAIR_PR3_${tag}`;

  const cart = async (): Promise<CartJson> => {
    const answer = await solo.call('GET', '/users/current/carts/active');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as unknown as CartJson;
  };
  const line = (body: CartJson, code: string): EntryJson => {
    const found = body.entries.find((entry) => entry.product.code === code);
    assert.ok(found, `a line of ${code}`);
    return found;
  };

  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true' } });
    await setClock(server, NOW);
    solo = await shopper(server, SOLO);
    const db = server.database.db;
    // The test's own products in categories of their own, so no demo offer reaches them.
    await db.insert(categories).values([
      { id: category, name: `Price rules ${tag}`, parentId: 'DAIR', range: 'DAIR' },
      { id: otherCategory, name: `Price rules below ${tag}`, parentId: category, range: 'DAIR' },
      { id: plainCategory, name: `Price rules apart ${tag}`, parentId: 'DAIR', range: 'DAIR' },
    ]);
    const [template] = await db.select().from(products).where(eq(products.range, 'DAIR')).limit(1);
    assert.ok(template);
    const { foodMarks: _marks, searchText: _text, searchDocument: _document, ...fields } = template;
    const inCategory: [string, string][] = [
      [dated, plainCategory],
      [promoted, plainCategory],
      [tiered, category],
      [byCategory, otherCategory],
    ];
    await db.insert(products).values(
      inCategory.map(([code, categoryId]) => ({ ...fields, code, name: `Price rule ${code}`, categoryId, listPricePence: LIST, minOrderQuantity: 1, discontinued: false, stockStatus: 'inStock' })),
    );
    await db.insert(datedPrices).values({ productCode: dated, validFrom: '2026-12-07', pricePence: 1100 });
    await db.insert(volumeTiers).values([
      { productCode: tiered, minQuantity: 5, pricePence: 900 },
      { productCode: tiered, minQuantity: 10, pricePence: 850 },
    ]);
    const promotion = { kind: 'percentOff' as const, who: 'all' as const, validFrom: '2026-12-01', validTo: '2026-12-06' };
    await db.insert(promotions).values([
      { ...promotion, code: `P10-${tag}`, name: 'Ten off this week', value: 1000, what: 'products', targets: [promoted] },
      // Two offers on one line: the better applies, never both.
      { ...promotion, code: `P05-${tag}`, name: 'Five off this week', value: 500, what: 'products', targets: [promoted] },
      { ...promotion, code: `CAT-${tag}`, name: 'Category week', kind: 'amountOff', value: 150, what: 'categories', targets: [category] },
      { ...promotion, code: `B2G1-${tag}`, name: 'Buy 2 get 1', kind: 'buyXGetY', value: 0, buyQuantity: 2, freeQuantity: 1, what: 'products', targets: [tiered] },
      { ...promotion, code: `OTHER-${tag}`, name: 'Not for SOLO', value: 5000, who: 'soldTos', audience: ['0000100001'], what: 'products', targets: [dated] },
      { ...promotion, code: `ENDED-${tag}`, name: 'Ended early', value: 5000, what: 'products', targets: [dated], endedAt: new Date() },
    ]);
    await solo.call('DELETE', '/users/current/carts/active');
    await solo.call('POST', '/users/current/carts');
    for (const [code, quantity] of [[dated, 2], [tiered, 2], [promoted, 3], [byCategory, 1]] as const) {
      const added = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
    }
  });
  after(async () => server.close());

  it('prices the cart for its delivery date: the best single offer per line, its saving, and the next break', async () => {
    const put = await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: FRIDAY } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const body = await cart();
    assert.equal(body.pricedFor, FRIDAY);
    assert.equal(line(body, dated).basePrice.valuePence, LIST, 'the dated price starts on the 7th');
    assert.equal(line(body, dated).offer, undefined, 'neither another sold-to’s offer nor one ended early');
    const ten = line(body, promoted);
    assert.deepEqual([ten.basePrice.valuePence, ten.offer, ten.wasPrice?.valuePence, ten.saving?.valuePence], [900, { kind: 'promotion', name: 'Ten off this week', endsOn: '2026-12-06' }, LIST, 300]);
    assert.deepEqual([line(body, byCategory).basePrice.valuePence, line(body, byCategory).offer?.name], [850, 'Category week'], 'a promotion on a category reaches the category below it');
    // 2 cases: buy 2 get 1 gives nothing yet, the category's £1.50 off does; 5+ cases at £9.00 is the next break.
    const two = line(body, tiered);
    assert.deepEqual([two.basePrice.valuePence, two.offer?.name, two.nextBreak], [850, 'Category week', undefined], 'the 5+ break (£9.00) is dearer than £8.50');
    assert.equal(body.totalSaving.valuePence, 300 + 150 + 150 * 2);
  });

  it('moves a line past a volume break and takes the break where it beats every promotion', async () => {
    const updated = await solo.call('PUT', `/users/current/carts/active/entries/${line(await cart(), tiered).entryNumber}`, { body: { quantity: 10 } });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    const ten = line(await cart(), tiered);
    // 10 cases: break 850, category 850, buy 2 get 1 (3 free of 10: 7000 / 10 = 700) wins.
    assert.deepEqual([ten.basePrice.valuePence, ten.offer?.name, ten.totalPrice.valuePence], [700, 'Buy 2 get 1', 7000]);
  });

  it('keeps a copy of the rules in memory that answers as the database does, and reads it again when told of a change', async () => {
    const db = server.database.db;
    const copy = priceRulesCopyOf(db);
    assert.ok(copy, 'the server keeps a copy');
    const [shipTo] = await db.select({ soldTo: shipTos.soldToCode }).from(shipTos).where(eq(shipTos.code, SOLO.shipTo));
    assert.ok(shipTo);
    const lines = await db.select({ code: products.code, categoryId: products.categoryId }).from(products).where(inArray(products.code, [dated, tiered, promoted, byCategory]));
    // The copy holds every date; the statement reads what bears on one delivery date (and today): compared on that.
    const on = { date: FRIDAY, today: pricingToday() };
    const covers = (row: { validFrom: string; validTo: string | null }, day: string) => row.validFrom <= day && (row.validTo === null || row.validTo >= day);
    const sorted = (rules: RulesLookup | undefined) =>
      lines
        .map(({ code }): [string, LineRules] => [code, rules?.get(code) ?? { dated: [], tiers: [], promotions: [] }])
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, { dated: d, tiers, promotions: offers }]) => [
          code,
          d.filter((row) => covers(row, on.date)),
          [...tiers].sort((a, b) => a.minQuantity - b.minQuantity),
          offers.filter((offer) => covers(offer, on.date) || covers(offer, on.today)).sort((a, b) => a.code.localeCompare(b.code)),
        ]);
    await copy.settled();
    const fromDatabase = await readPriceRules(db, shipTo.soldTo, lines.map((line) => line.code), on);
    assert.deepEqual(sorted(copy.rulesFor(shipTo.soldTo, lines)), sorted(fromDatabase));
    assert.equal(fromDatabase.get(promoted)?.promotions.length, 2, 'the data under test has rules');

    await db.update(promotions).set({ endedAt: new Date() }).where(eq(promotions.code, `P05-${tag}`));
    // The notification comes on its own connection a moment after the commit; the copy is read again once heard.
    const offersNow = () => copy.rulesFor(shipTo.soldTo, lines)?.get(promoted)?.promotions.map((offer) => offer.code);
    for (const deadline = Date.now() + 5_000; Date.now() < deadline && offersNow()?.length !== 1; ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await copy.settled();
    }
    assert.deepEqual(offersNow(), [`P10-${tag}`], 'the offer ended early is gone from the copy');
    assert.deepEqual(sorted(copy.rulesFor(shipTo.soldTo, lines)), sorted(await readPriceRules(db, shipTo.soldTo, lines.map((line) => line.code), on)));
  });

  it('prices inside a transaction from the copy only when the transaction sees the rules the copy holds', async () => {
    const db = server.database.db;
    const copy = priceRulesCopyOf(db);
    assert.ok(copy);
    await copy.settled();
    const [shipTo] = await db.select({ soldTo: shipTos.soldToCode }).from(shipTos).where(eq(shipTos.code, SOLO.shipTo));
    assert.ok(shipTo);
    const lines = await db.select({ code: products.code, categoryId: products.categoryId }).from(products).where(eq(products.code, promoted));
    const codes = (rules: RulesLookup | undefined) => rules?.get(promoted)?.promotions.map((offer) => offer.code);
    await transactionOf(db, async (tx) => {
      assert.equal(priceRulesCopyOfTransaction(tx), copy, 'a transaction finds the copy of the handle it was opened on');
      assert.deepEqual(codes(await copy.rulesIn(tx, shipTo.soldTo, lines)), [`P10-${tag}`]);
    });
    await transactionOf(db, async (tx) => {
      await tx.update(promotions).set({ name: 'Ten off, renamed' }).where(eq(promotions.code, `P10-${tag}`));
      assert.equal(await copy.rulesIn(tx, shipTo.soldTo, lines), undefined, 'a transaction that changed the rules reads them itself');
      throw new Error('roll back');
    }).catch((error: unknown) => assert.match(String(error), /roll back/));

    // A copy that never hears of changes: a change committed since it was read is not in it, and a transaction sees so.
    const deaf = new PriceRulesCopy({ ...server.database, listen: () => Promise.resolve(() => Promise.resolve()) }, { warn: () => undefined });
    await deaf.start();
    await transactionOf(db, async (tx) => assert.deepEqual(codes(await deaf.rulesIn(tx, shipTo.soldTo, lines)), [`P10-${tag}`]));
    await db.update(promotions).set({ name: 'Ten off this week' }).where(eq(promotions.code, `P10-${tag}`));
    await transactionOf(db, async (tx) => assert.equal(await deaf.rulesIn(tx, shipTo.soldTo, lines), undefined, 'the copy is behind the database'));
    assert.deepEqual(codes(deaf.rulesFor(shipTo.soldTo, lines)), [`P10-${tag}`], 'outside a transaction the stale copy still answers: only a notification drops it');
    await deaf.close();
  });

  it('re-prices for a later date: the dated price takes over and the week’s offers are gone', async () => {
    const put = await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: NEXT_FRIDAY } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const body = await cart();
    assert.equal(body.pricedFor, NEXT_FRIDAY);
    assert.equal(line(body, dated).basePrice.valuePence, 1100);
    assert.deepEqual([line(body, promoted).basePrice.valuePence, line(body, promoted).offer], [LIST, undefined]);
    const tenCases = line(body, tiered);
    assert.deepEqual([tenCases.basePrice.valuePence, tenCases.offer?.kind], [850, 'volumeTier']);
    assert.equal(body.totalSaving.valuePence, 150 * 10);
  });

  it('keeps each line’s adjustments on the order, in the ERP’s event and the order’s answer', async () => {
    const put = await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: FRIDAY } });
    assert.equal(put.status, 200);
    const placed: Json = await solo.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const code = placed.body.code as string;
    assert.equal((placed.body.totalSaving as Money).valuePence, 300 + 150 + 3000);
    const stored = await server.database.db
      .select({ productCode: orderLines.productCode, unit: orderLines.unitPricePence, adjustments: orderLines.priceAdjustments })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.code, code))
      .orderBy(asc(orderLines.lineNumber));
    const offerOf = (product: string) => stored.find((row) => row.productCode === product)?.adjustments.map((adjustment) => [adjustment.kind, adjustment.source, adjustment.amount]);
    assert.deepEqual(offerOf(promoted), [['promotion', `P10-${tag}`, -100]]);
    assert.deepEqual(offerOf(tiered), [['promotion', `B2G1-${tag}`, -300]]);
    assert.deepEqual(offerOf(dated), []);
    const [event] = await server.database.db.select({ payload: outboxMessages.payload }).from(outboxMessages).where(eq(outboxMessages.orderingKey, code)).limit(1);
    const lines = (event?.payload as { data: { order: { lines: { productCode: string; priceAdjustments?: { source: string; name?: string }[] }[] } } }).data.order.lines;
    assert.deepEqual(lines.find((one) => one.productCode === promoted)?.priceAdjustments?.map((one) => [one.source, one.name]), [[`P10-${tag}`, 'Ten off this week']]);
    const answer = await solo.call('GET', `/users/current/orders/${code}`, { scoped: false });
    const entry = (answer.body.entries as EntryJson[]).find((one) => one.product.code === promoted);
    assert.deepEqual([entry?.offer?.name, entry?.wasPrice?.valuePence, entry?.saving?.valuePence], ['Ten off this week', LIST, 300]);
  });
});
