import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { formatPence, lineAmounts, sumTotals, vatPence } from '../src/pricing/money';

describe('money', () => {
  it('formats pence as en-GB pounds', () => {
    assert.equal(formatPence(123456), '£1,234.56');
    assert.equal(formatPence(5), '£0.05');
    assert.equal(formatPence(100_000_000), '£1,000,000.00');
  });

  it('formats any whole pence exactly as Intl does for en-GB GBP', () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (pence) => formatPence(pence) === gbp.format(pence / 100)));
  });

  it('rounds VAT half up to the penny in integer arithmetic', () => {
    assert.equal(vatPence(1000, 2000), 200);
    assert.equal(vatPence(1, 2000), 0);
    assert.equal(vatPence(3, 2000), 1);
    assert.equal(vatPence(1234, 0), 0);
    assert.throws(() => vatPence(-1, 2000), RangeError);
    assert.throws(() => vatPence(1.5, 2000), RangeError);
  });

  it('charges VAT per line and sums the lines', () => {
    const totals = sumTotals([lineAmounts(999, 3, 2000), lineAmounts(1250, 2, 0)]);
    assert.deepEqual(totals, { netPence: 5497, vatPence: 599, grossPence: 6096 });
  });
});
