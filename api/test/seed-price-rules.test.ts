import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, inArray, isNull, like } from 'drizzle-orm';
import { datedPrices, promotions, volumeTiers } from '../src/db/schema';
import { DEMO_PRODUCT_COUNT, generateProduct } from '../src/seed/generate-catalogue';
import { demoPriceRules, seedPriceRulesDemo } from '../src/seed/price-rules-demo';
import { demoPrices } from '../src/seed/seed';
import { sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

// Tuesday 1 December 2026, 10:00 London: SOLO's dairy comes on Tuesdays and Fridays.
const NOW = new Date('2026-12-01T10:00:00Z');
const TODAY = '2026-12-01';

describe('the demo’s price rules (seed/price-rules-demo.ts)', () => {
  const products = Array.from({ length: DEMO_PRODUCT_COUNT }, (_, index) => generateProduct(index));
  const prices = demoPrices(products);
  const rules = demoPriceRules(products, prices, TODAY);
  let server: TestServer;
  let solo: Shopper;

  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true' } });
    await setClock(server, NOW.toISOString());
    solo = await shopper(server, SOLO);
    // The template database was seeded on the day it was built: dated from this test's day instead.
    await seedPriceRulesDemo(server.database.db, products, prices, NOW);
  });
  after(async () => server.close());

  it('has a live offer of each kind, two ending within the week, breaks on one product in ten and next week’s list prices', () => {
    assert.deepEqual([...new Set(rules.promotions.map((promotion) => promotion.kind))].sort(), ['amountOff', 'buyXGetY', 'fixedPrice', 'percentOff']);
    for (const promotion of rules.promotions) assert.ok(promotion.validFrom <= TODAY && promotion.validTo >= TODAY, `${promotion.code} is live`);
    assert.deepEqual(rules.promotions.filter((promotion) => promotion.validTo <= '2026-12-07').map((promotion) => promotion.code).sort(), ['DEMO-PIZZA-3FOR2', 'DEMO-YOGURT15']);
    assert.equal(new Set(rules.tiers.map((tier) => tier.productCode)).size, Math.round(DEMO_PRODUCT_COUNT / 10));
    const ownPrice = new Set(prices.map((price) => price.productCode));
    assert.equal(rules.dated.length, 4);
    for (const dated of rules.dated) {
      assert.equal(dated.validFrom, '2026-12-08');
      assert.ok(!ownPrice.has(dated.productCode), `${dated.productCode}: every customer pays the list price`);
    }
  });

  it('leaves the first products of each range at their plain prices', async () => {
    const ruled = new Set([...rules.promotions.flatMap((promotion) => promotion.targets), ...rules.tiers.map((tier) => tier.productCode), ...rules.dated.map((dated) => dated.productCode)]);
    for (const range of ['DAIR', 'CHIL']) {
      const first = await sellableProducts(server, range, 100);
      assert.deepEqual(first.filter((code) => ruled.has(code)), [], range);
    }
  });

  it('shows in a customer’s cart: the yogurt offer on a delivery date it covers', async () => {
    const yogurt = rules.promotions.find((promotion) => promotion.code === 'DEMO-YOGURT15')?.targets[0];
    assert.ok(yogurt);
    await solo.call('DELETE', '/users/current/carts/active');
    await solo.call('POST', '/users/current/carts');
    assert.equal((await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: yogurt }, quantity: 2 } })).status, 200);
    const put = await solo.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: '2026-12-04' } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const cart = await solo.call('GET', '/users/current/carts/active');
    const [entry] = cart.body.entries as { offer?: { name: string; endsOn?: string }; basePrice: { valuePence: number }; wasPrice?: { valuePence: number } }[];
    assert.deepEqual(entry?.offer, { kind: 'promotion', name: 'Fruit yogurts 15 % off', endsOn: '2026-12-07' });
    assert.ok(entry.wasPrice && entry.basePrice.valuePence < entry.wasPrice.valuePence);
  });

  it('a second run the same day changes nothing', async () => {
    const db = server.database.db;
    const snapshot = async () => ({
      promotions: await db.select({ code: promotions.code, version: promotions.version, validTo: promotions.validTo }).from(promotions).where(like(promotions.code, 'DEMO-%')).orderBy(asc(promotions.code)),
      dated: await db.select().from(datedPrices).where(isNull(datedPrices.soldToCode)).orderBy(asc(datedPrices.id)),
      tiers: await db.select().from(volumeTiers).where(inArray(volumeTiers.productCode, rules.tiers.map((tier) => tier.productCode))).orderBy(asc(volumeTiers.id)),
    });
    const first = await snapshot();
    assert.equal(first.promotions.length, rules.promotions.length);
    assert.equal(first.tiers.length, rules.tiers.length);
    await seedPriceRulesDemo(db, products, prices, NOW);
    assert.deepEqual(await snapshot(), first);
  });
});
