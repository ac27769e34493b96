import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { creditedLinePence, lineOutcomes, sumCreditedPence, type RequestedLine } from '../src/credits/credited-lines';
import { creditedAmount } from '../src/credits/decide-credit';
import { lineAmounts, sumTotals } from '../src/pricing/money';

/** 2 cases at £4.99 + 20% VAT, and 1 case at £1.05 zero-rated. */
const REQUESTED: RequestedLine[] = [
  { entryNumber: 0, quantity: 2, unitPricePence: 499, vatRateBp: 2000, grossPence: 1198 },
  { entryNumber: 3, quantity: 1, unitPricePence: 105, vatRateBp: 0, grossPence: 105 },
];

describe('what a decision credits per line (credits/credited-lines.ts)', () => {
  it('prices the cases credited as the request priced its lines: VAT per line, rounded half up', () => {
    const result = lineOutcomes('partlyAccepted', REQUESTED, [
      { entryNumber: 3, creditedQuantity: 0 },
      { entryNumber: 0, creditedQuantity: 1 },
    ]);
    assert.ok(result.ok);
    // 499 net + 99.8 VAT → 100: £5.99 for one case (two cases are 998 + 199.6 → 200, £11.98).
    assert.deepEqual(result.value, [
      { entryNumber: 0, creditedQuantity: 1, creditedPence: 599 },
      { entryNumber: 3, creditedQuantity: 0, creditedPence: 0 },
    ]);
    assert.deepEqual(creditedAmount({ status: 'partlyAccepted' }, 1198 + 105, sumCreditedPence(result.value ?? [])), { ok: true, value: 599 });
  });

  it('credits every line in full when accepted and none when rejected; partly accepted by amount alone is unknown', () => {
    assert.deepEqual(lineOutcomes('accepted', REQUESTED, undefined), {
      ok: true,
      value: [
        { entryNumber: 0, creditedQuantity: 2, creditedPence: 1198 },
        { entryNumber: 3, creditedQuantity: 1, creditedPence: 105 },
      ],
    });
    assert.deepEqual(
      lineOutcomes('rejected', REQUESTED, undefined),
      { ok: true, value: [{ entryNumber: 0, creditedQuantity: 0, creditedPence: 0 }, { entryNumber: 3, creditedQuantity: 0, creditedPence: 0 }] },
    );
    assert.deepEqual(lineOutcomes('partlyAccepted', REQUESTED, undefined), { ok: true, value: null });
  });

  it('refuses lines the request does not have, twice, left out, above what was asked, or against the status', () => {
    const problem = (status: 'accepted' | 'partlyAccepted' | 'rejected', lines: { entryNumber: number; creditedQuantity: number }[]) => {
      const result = lineOutcomes(status, REQUESTED, lines);
      return result.ok ? undefined : result.problem.kind;
    };
    assert.equal(problem('partlyAccepted', [{ entryNumber: 1, creditedQuantity: 0 }]), 'decisionLineUnknown');
    assert.equal(problem('partlyAccepted', [{ entryNumber: 0, creditedQuantity: 0 }, { entryNumber: 0, creditedQuantity: 1 }]), 'decisionLineRepeated');
    assert.equal(problem('partlyAccepted', [{ entryNumber: 0, creditedQuantity: 1 }]), 'decisionLineMissing');
    assert.equal(problem('partlyAccepted', [{ entryNumber: 0, creditedQuantity: 3 }, { entryNumber: 3, creditedQuantity: 0 }]), 'creditedAboveRequested');
    assert.equal(problem('accepted', [{ entryNumber: 0, creditedQuantity: 1 }, { entryNumber: 3, creditedQuantity: 1 }]), 'lineDisagreesWithStatus');
    assert.equal(problem('rejected', [{ entryNumber: 0, creditedQuantity: 0 }, { entryNumber: 3, creditedQuantity: 1 }]), 'lineDisagreesWithStatus');
  });

  it('an amount sent beside the lines must be theirs, and partly accepted lines credit some but not all', () => {
    assert.equal(kindOf(creditedAmount({ status: 'partlyAccepted', amount: 600 }, 1303, 599)), 'amountNotLines');
    assert.deepEqual(creditedAmount({ status: 'partlyAccepted', amount: 599 }, 1303, 599), { ok: true, value: 599 });
    assert.equal(kindOf(creditedAmount({ status: 'partlyAccepted' }, 1303, 0)), 'linesNotPartial');
    assert.equal(kindOf(creditedAmount({ status: 'partlyAccepted' }, 1303, 1303)), 'linesNotPartial');
  });

  it('credits more for more cases, never more than the line asked for, and all lines in full add up to the requested gross', () => {
    const line = fc.record({ quantity: fc.integer({ min: 1, max: 50 }), unitPricePence: fc.integer({ min: 0, max: 20_000 }), vatRateBp: fc.constantFrom(0, 500, 2000) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (lines) => {
        const requested = lines.map((item, entryNumber) => {
          const { netPence, vatPence } = lineAmounts(item.unitPricePence, item.quantity, item.vatRateBp);
          return { ...item, entryNumber, grossPence: netPence + vatPence };
        });
        for (const item of requested) {
          for (let cases = 0; cases < item.quantity; cases++) assert.ok(creditedLinePence(item, cases) <= creditedLinePence(item, cases + 1));
          assert.equal(creditedLinePence(item, item.quantity), item.grossPence);
        }
        const full = lineOutcomes('accepted', requested, undefined);
        assert.ok(full.ok && full.value);
        assert.equal(sumCreditedPence(full.value), sumTotals(requested.map((item) => lineAmounts(item.unitPricePence, item.quantity, item.vatRateBp))).grossPence);
      }),
    );
  });
});

const kindOf = (result: { ok: true } | { ok: false; problem: { kind: string } }) => (result.ok ? undefined : result.problem.kind);
