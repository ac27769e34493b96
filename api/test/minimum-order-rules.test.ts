import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deliveryChargeVat, minimumOrderShortfall, shortfallMessage } from '../src/pricing/delivery-charge/delivery-charge';
import { priceCharges } from '../src/pricing/price-lines';
import { priceContext } from '../src/pricing/price-adjuster';

const charge = { minimumOrderPence: 15_000, belowMinimum: 'charge' as const, deliveryChargePence: 1_500 };
const refuse = { minimumOrderPence: 15_000, belowMinimum: 'refuse' as const, deliveryChargePence: null };
const scope = { soldToCode: '0000100001', shipToCode: '0000410001', range: 'DAIR' };

describe('minimum order rules', () => {
  it('exactly at the minimum is enough; a penny under is short; an empty cart and no minimum are never short', () => {
    assert.equal(minimumOrderShortfall(charge, 15_000), null);
    assert.equal(minimumOrderShortfall(charge, 15_001), null);
    assert.deepEqual(minimumOrderShortfall(charge, 14_999), { belowMinimum: 'charge', minimumOrderPence: 15_000, shortPence: 1, deliveryChargePence: 1_500 });
    assert.deepEqual(minimumOrderShortfall(refuse, 14_999), { belowMinimum: 'refuse', minimumOrderPence: 15_000, shortPence: 1 });
    assert.equal(minimumOrderShortfall(charge, 0), null);
    assert.equal(minimumOrderShortfall({ minimumOrderPence: null, belowMinimum: null, deliveryChargePence: null }, 100), null);
    assert.equal(minimumOrderShortfall(undefined, 100), null);
  });

  it("says the issue's words with the figures", () => {
    const short = minimumOrderShortfall(charge, 13_760);
    assert.ok(short);
    assert.equal(shortfallMessage(short), 'Add £12.40 more to avoid the £15.00 delivery charge');
    const refused = minimumOrderShortfall({ ...refuse, minimumOrderPence: 123_456 }, 100);
    assert.ok(refused);
    assert.equal(shortfallMessage(refused), 'Minimum order for this delivery is £1,234.56 — add £1,233.56 more');
  });

  it("the charge's VAT is the goods' share of VAT, rounded half up", () => {
    assert.equal(deliveryChargeVat(1_500, { netPence: 10_000, vatPence: 2_000 }), 300);
    assert.equal(deliveryChargeVat(1_500, { netPence: 10_000, vatPence: 0 }), 0);
    // Half the goods at 20 %, half zero-rated: 10 % of £15.00.
    assert.equal(deliveryChargeVat(1_500, { netPence: 10_000, vatPence: 1_000 }), 150);
    // 999 × 1/3 = 333.0; 1001 × 1/3 = 333.67 → 334; 1000 × 1/6 = 166.67 → 167.
    assert.equal(deliveryChargeVat(999, { netPence: 3, vatPence: 1 }), 333);
    assert.equal(deliveryChargeVat(1_001, { netPence: 3, vatPence: 1 }), 334);
    assert.equal(deliveryChargeVat(1_000, { netPence: 6, vatPence: 1 }), 167);
  });

  it('the pipeline adds the charge to the totals only below a charging minimum, and only where the context carries one', () => {
    const goods = { netPence: 14_999, vatPence: 3_000 };
    assert.deepEqual(priceCharges(priceContext({ ...scope, ...charge }, '2026-12-01'), goods).totals, { netPence: 16_499, vatPence: 3_300, grossPence: 19_799 });
    assert.deepEqual(priceCharges(priceContext({ ...scope, ...refuse }, '2026-12-01'), goods).charges, []);
    assert.deepEqual(priceCharges(priceContext(scope, '2026-12-01'), goods).totals, { netPence: 14_999, vatPence: 3_000, grossPence: 17_999 });
  });
});
