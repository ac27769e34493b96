import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { PriceContext } from '../src/pricing/price-adjuster';
import { priceLines } from '../src/pricing/price-lines';
import { bestOffer } from '../src/pricing/price-rules/best-offer';
import { datedUnit } from '../src/pricing/price-rules/dated-price';
import { promotionUnit, type PromotionOffer } from '../src/pricing/price-rules/promotion-price';
import { rulesDb } from './support/rules-db';
import { nextTier, reachedTier, tiersFor, type VolumeTier } from '../src/pricing/price-rules/volume-tiers';

const offer = (over: Partial<PromotionOffer>): PromotionOffer => ({
  code: 'P1',
  name: 'Offer',
  kind: 'percentOff',
  value: 1000,
  buyQuantity: null,
  freeQuantity: null,
  minQuantity: 1,
  validFrom: '2026-12-01',
  validTo: '2026-12-31',
  ...over,
});

const offerArb: fc.Arbitrary<PromotionOffer> = fc.oneof(
  fc.record({ kind: fc.constant('percentOff' as const), value: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ kind: fc.constant('amountOff' as const), value: fc.integer({ min: 0, max: 50_000 }) }),
  fc.record({ kind: fc.constant('fixedPrice' as const), value: fc.integer({ min: 0, max: 50_000 }) }),
  fc.record({ kind: fc.constant('buyXGetY' as const), value: fc.constant(0), buyQuantity: fc.integer({ min: 1, max: 6 }), freeQuantity: fc.integer({ min: 1, max: 3 }) }),
).chain((shape) =>
  fc.record({ code: fc.stringMatching(/^[A-Z]{2,6}$/), minQuantity: fc.integer({ min: 1, max: 10 }), validTo: fc.constantFrom('2026-12-06', '2026-12-31') }).map((rest) => offer({ ...shape, ...rest })),
);
const tierArb: fc.Arbitrary<VolumeTier> = fc.record({ minQuantity: fc.integer({ min: 2, max: 20 }), unit: fc.integer({ min: 0, max: 50_000 }), soldTo: fc.constant(null) });

describe('promotion prices', () => {
  it('take 10 % off half up, an amount down to nothing, a fixed price, and spread free cases rounding down', () => {
    assert.equal(promotionUnit(offer({ value: 1000 }), 1005, 1), 904); // 100.5p off rounds to 101p
    assert.equal(promotionUnit(offer({ kind: 'amountOff', value: 2000 }), 1500, 1), 0);
    assert.equal(promotionUnit(offer({ kind: 'fixedPrice', value: 950 }), 1200, 1), 950);
    assert.equal(promotionUnit(offer({ kind: 'buyXGetY', value: 0, buyQuantity: 2, freeQuantity: 1 }), 1000, 3), 666); // 3 cases for 2000p
    assert.equal(promotionUnit(offer({ kind: 'buyXGetY', value: 0, buyQuantity: 3, freeQuantity: 1 }), 1000, 4), 750);
    assert.equal(promotionUnit(offer({ kind: 'buyXGetY', value: 0, buyQuantity: 3, freeQuantity: 1 }), 1000, 3), null, 'no free case yet');
    assert.equal(promotionUnit(offer({ minQuantity: 5 }), 1000, 4), null, 'below the minimum');
  });

  it('never go below nothing, and only a fixed price may be above the regular price', () => {
    fc.assert(
      fc.property(offerArb, fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 500 }), (promotion, regular, quantity) => {
        const unit = promotionUnit(promotion, regular, quantity);
        if (unit === null) return;
        assert.ok(Number.isSafeInteger(unit) && unit >= 0);
        if (promotion.kind !== 'fixedPrice') assert.ok(unit <= regular);
      }),
    );
  });
});

describe('the best single offer', () => {
  it('is the lowest case price of the break reached and each promotion, one adjustment, never below nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 200 }), fc.array(tierArb, { maxLength: 4 }), fc.array(offerArb, { maxLength: 5 }), (regular, quantity, tiers, offers) => {
        const best = bestOffer(regular, quantity, tiersFor(tiers), offers);
        const prices = [reachedTier(tiersFor(tiers), quantity)?.unit, ...offers.map((one) => promotionUnit(one, regular, quantity))].filter((unit): unit is number => typeof unit === 'number' && unit < regular);
        if (prices.length === 0) return assert.equal(best, null);
        assert.ok(best);
        assert.equal(regular + best.amount, Math.min(...prices));
        assert.ok(regular + best.amount >= 0);
      }),
    );
  });

  it('prefers the volume break on a tie, then the promotion ending first', () => {
    const tiers = [{ minQuantity: 5, unit: 900, soldTo: null }];
    assert.equal(bestOffer(1000, 5, tiers, [offer({ value: 1000 })])?.kind, 'volumeTier');
    const early = offer({ code: 'LATE', value: 1000, validTo: '2026-12-31' });
    assert.equal(bestOffer(1000, 1, [], [early, offer({ code: 'SOON', value: 1000, validTo: '2026-12-06' })])?.source, 'SOON');
  });
});

describe('volume breaks', () => {
  it("use a sold-to's own breaks in place of everyone's, and name the next one that lowers the price", () => {
    const all = { minQuantity: 5, unit: 950, soldTo: null };
    const own = { minQuantity: 10, unit: 900, soldTo: '0000100001' };
    assert.deepEqual(tiersFor([all, own]), [own]);
    assert.deepEqual(tiersFor([all]), [all]);
    assert.deepEqual(nextTier([all, { minQuantity: 10, unit: 900, soldTo: null }], 3, 1000), all);
    assert.equal(nextTier([all], 5, 950), undefined, 'reached already');
    assert.equal(nextTier([all], 1, 900), undefined, 'not cheaper than the price the line has');
  });
});

describe('prices by delivery date', () => {
  const rows = [
    { soldTo: null, validFrom: '2026-12-07', validTo: null, unit: 1100 },
    { soldTo: '0000100001', validFrom: '2026-12-14', validTo: '2026-12-20', unit: 800 },
  ];
  it("take the sold-to's dated price first, else the dated list price unless the sold-to has its own undated price", () => {
    assert.equal(datedUnit(rows, '2026-12-04', false), undefined);
    assert.equal(datedUnit(rows, '2026-12-08', false)?.unit, 1100);
    assert.equal(datedUnit(rows, '2026-12-08', true), undefined);
    assert.equal(datedUnit(rows, '2026-12-15', true)?.unit, 800);
    assert.equal(datedUnit(rows, '2026-12-21', false)?.unit, 1100);
  });
});

describe('the pipeline with rules', () => {
  const context: PriceContext = { soldTo: '0000100001', shipTo: '0000410002', range: 'DAIR', deliveryDate: '2026-12-15', today: '2026-12-01' };

  it('keeps totals the sum of the lines and every price whole and not negative, whatever the rules', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 300 }), list: fc.integer({ min: 0, max: 40_000 }), vatRateBp: fc.constantFrom(0, 500, 2000) }), { minLength: 1, maxLength: 8 }),
        fc.array(tierArb, { maxLength: 3 }),
        fc.array(offerArb, { maxLength: 4 }),
        async (lines, tiers, offers) => {
          const codes = lines.map((_, i) => `P${i}`);
          const db = rulesDb({
            tiers: codes.flatMap((code) => tiers.map((tier) => ({ ...tier, code }))),
            promotions: offers.map((one) => ({ ...one, validFrom: '2026-12-01', products: codes })),
          });
          const priced = await priceLines(db, context, lines.map((line, i) => ({ code: codes[i] ?? '', quantity: line.quantity, known: { categoryId: 'DAIR', listUnit: line.list, contractUnit: line.list, vatRateBp: line.vatRateBp } })));
          assert.equal(priced.totals.netPence, priced.lines.reduce((sum, line) => sum + line.net, 0));
          assert.equal(priced.totals.vatPence, priced.lines.reduce((sum, line) => sum + line.vat, 0));
          for (const line of priced.lines) {
            assert.ok(Number.isSafeInteger(line.unit) && line.unit >= 0);
            assert.equal(line.net, line.unit * line.quantity);
            assert.ok(line.adjustments.filter((one) => one.kind === 'volumeTier' || one.kind === 'promotion').length <= 1, 'offers never stack');
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('prices for the delivery date and tells of an offer live today that is over by then', async () => {
    const db = rulesDb({
      dated: [{ code: 'A', soldTo: null, validFrom: '2026-12-07', validTo: null, unit: 1100 }],
      promotions: [{ ...offer({ code: 'WEEK', name: 'Brie week', validTo: '2026-12-06' }), products: ['A'] }],
    });
    const [line] = (await priceLines(db, context, [{ code: 'A', quantity: 2, known: { categoryId: 'DAIR', listUnit: 1000, contractUnit: 1000, vatRateBp: 0 } }])).lines;
    assert.equal(line?.unit, 1100);
    assert.deepEqual(line?.adjustments, [{ kind: 'datedPrice', source: 'list:2026-12-07', amount: 100 }]);
    assert.deepEqual(line?.hints, [{ kind: 'offerEndsBeforeDelivery', source: 'WEEK', name: 'Brie week', endsOn: '2026-12-06' }]);
  });
});
