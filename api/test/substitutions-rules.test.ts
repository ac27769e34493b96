import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineSubstitution, sameSubstitution, sentTotals, substitutionSentence } from '../src/orders/substitutions';

const twoLitre = { code: '100200', name: 'Whole Milk', packSize: '2 L', vatRateBp: 0 };
const cheese = { code: '100300', name: 'Mature Cheddar', packSize: '1 x 5 kg', vatRateBp: 2000 };

describe('substitutions: the sentence, the amounts and the totals (docs/substitutions.md)', () => {
  it('says the issue\'s sentence: the pack alone where the names are the same, else name and pack', () => {
    const sent = lineSubstitution(twoLitre, { substitutedBy: twoLitre.code, quantity: 1, unitPrice: 180 });
    assert.equal(substitutionSentence({ name: 'Whole Milk', packSize: '1 L', quantity: 2, substitution: sent }), 'Whole Milk 2 L sent instead of 1 L × 2');
    assert.equal(substitutionSentence({ name: 'Jersey Milk', packSize: '1 L', quantity: 3, substitution: sent }), 'Whole Milk 2 L sent instead of Jersey Milk 1 L × 3');
  });

  it('prices the substitute at the reported price with its own VAT rate', () => {
    assert.deepEqual(lineSubstitution(cheese, { substitutedBy: cheese.code, quantity: 3, unitPrice: 1234 }), {
      productCode: '100300',
      name: 'Mature Cheddar',
      packSize: '1 x 5 kg',
      quantity: 3,
      unitPricePence: 1234,
      vatRateBp: 2000,
      netPence: 3702,
      vatPence: 740,
    });
  });

  it('counts a substituted line at what was sent and every other line at what was ordered', () => {
    const sent = lineSubstitution(cheese, { substitutedBy: cheese.code, quantity: 1, unitPrice: 1000 });
    const totals = sentTotals([
      { netPence: 500, vatPence: 100, substitution: sent },
      { netPence: 300, vatPence: 0, substitution: null },
    ], { deliveryChargePence: 0, deliveryChargeVatPence: 0 });
    assert.deepEqual(totals, { netPence: 1300, vatPence: 200, grossPence: 1500 });
  });

  it('keeps the order\'s delivery charge in the totals of what was sent (docs/minimum-order.md)', () => {
    const sent = lineSubstitution(cheese, { substitutedBy: cheese.code, quantity: 1, unitPrice: 1000 });
    const totals = sentTotals([{ netPence: 500, vatPence: 100, substitution: sent }], { deliveryChargePence: 1500, deliveryChargeVatPence: 300 });
    assert.deepEqual(totals, { netPence: 2500, vatPence: 500, grossPence: 3000 });
  });

  it('knows a repeated substitution from a changed one', () => {
    const sent = lineSubstitution(twoLitre, { substitutedBy: twoLitre.code, quantity: 1, unitPrice: 180 });
    assert.equal(sameSubstitution(sent, { ...sent }), true);
    assert.equal(sameSubstitution(null, null), true);
    assert.equal(sameSubstitution(sent, null), false);
    assert.equal(sameSubstitution(sent, { ...sent, quantity: 2 }), false);
    assert.equal(sameSubstitution(sent, { ...sent, unitPricePence: 181 }), false);
    assert.equal(sameSubstitution(sent, { ...sent, productCode: '100201' }), false);
  });
});
