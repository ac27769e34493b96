import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkIn, CHECKIN_REASONS, type DeliveredLine } from '../src/checkin/checkin-rules';
import { DecodeGate } from '../src/checkin/photo-decoding';
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

describe('photo decode gate (photo-decoding.ts)', () => {
  it('runs at most the given number at once, within the pixel budget, in arrival order; one too large for company runs alone', async () => {
    const gate = new DecodeGate(2, 100);
    const running = new Set<string>();
    const log: string[] = [];
    const release = new Map<string, () => void>();
    const task = (name: string, pixels: number) =>
      gate.run(pixels, async () => {
        running.add(name);
        log.push(`${name}:${[...running].sort().join('+')}`);
        await new Promise<void>((done) => release.set(name, done));
        running.delete(name);
      });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const all = [task('a', 40), task('b', 40), task('c', 40), task('d', 10), task('e', 150)];
    await settle();
    assert.deepEqual(log, ['a:a', 'b:a+b'], 'two at once; c would pass the budget, d waits behind it');
    release.get('a')?.();
    await settle();
    assert.deepEqual(log.slice(2), ['c:b+c']);
    release.get('b')?.();
    await settle();
    assert.deepEqual(log.slice(3), ['d:c+d']);
    release.get('c')?.();
    release.get('d')?.();
    await settle();
    assert.deepEqual(log.slice(4), ['e:e'], 'over the whole budget: alone');
    release.get('e')?.();
    await Promise.all(all);
    assert.deepEqual(gate.stats, { started: 5, peakDecodes: 2, peakPixels: 150 });
  });
});
