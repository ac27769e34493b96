import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkIn, CHECKIN_REASONS, type DeliveredLine } from '../src/checkin/checkin-rules';
import { lineAmounts } from '../src/pricing/money';

const deliveredLine = fc.record({
  quantity: fc.integer({ min: 1, max: 50 }),
  shortBy: fc.integer({ min: 0, max: 50 }),
  unitPricePence: fc.integer({ min: 1, max: 50_000 }),
  vatRateBp: fc.constantFrom(0, 500, 2000),
});

describe('check-in arithmetic (checkin-rules.ts)', () => {
  it('never credits more than was delivered, at the order line prices, whatever the quantities typed', () => {
    fc.assert(
      fc.property(
        fc.array(deliveredLine, { minLength: 1, maxLength: 6 }),
        fc.array(fc.record({ received: fc.integer({ min: -2, max: 60 }), damaged: fc.integer({ min: 0, max: 60 }), reason: fc.constantFrom(...CHECKIN_REASONS) }), { minLength: 6, maxLength: 6 }),
        (lines, typed) => {
          const delivered: DeliveredLine[] = lines.map((line, entryNumber) => ({
            entryNumber,
            productCode: `P${entryNumber}`,
            name: `Product ${entryNumber}`,
            quantity: line.quantity,
            deliveredQuantity: Math.max(0, line.quantity - line.shortBy),
            unitPricePence: line.unitPricePence,
            vatRateBp: line.vatRateBp,
          }));
          const input = delivered.map((line, index) => ({ entryNumber: line.entryNumber, receivedQuantity: typed[index]?.received ?? 0, damagedQuantity: typed[index]?.damaged ?? 0, reason: typed[index]?.reason }));
          const outcome = checkIn(delivered, input.filter((line) => line.receivedQuantity >= 0));
          if (!outcome.ok) return;
          let deliveredGross = 0;
          for (const line of delivered) {
            const amounts = lineAmounts(line.unitPricePence, line.deliveredQuantity, line.vatRateBp);
            deliveredGross += amounts.netPence + amounts.vatPence;
          }
          for (const credit of outcome.value.credit) {
            const line = delivered[credit.entryNumber];
            assert.ok(line);
            assert.ok(credit.quantity > 0 && credit.quantity <= line.deliveredQuantity);
            assert.deepEqual({ netPence: credit.netPence, vatPence: credit.vatPence }, lineAmounts(line.unitPricePence, credit.quantity, line.vatRateBp));
          }
          assert.ok(outcome.value.totals.grossPence <= deliveredGross);
          assert.equal(outcome.value.totals.grossPence, outcome.value.totals.netPence + outcome.value.totals.vatPence);
        },
      ),
      { numRuns: 500 },
    );
  });
});
