import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PriceAdjuster, PriceContext } from '../src/pricing/price-adjuster';
import { registerPriceAdjuster } from '../src/pricing/price-adjusters';
import { priceLines, priceRows, rowTotals, type LineToPrice } from '../src/pricing/price-lines';
import { rulesDb } from './support/rules-db';

// Every line below carries its base, so the pipeline reads only the price rules: a handle that answers none will do.
const db = rulesDb();
const context: PriceContext = { soldTo: '0000100001', shipTo: '0000410002', range: 'DAIR', deliveryDate: '2026-12-04', today: '2026-12-01' };
const line = (code: string, quantity: number, listUnit: number, contractUnit = listUnit, vatRateBp = 2000): LineToPrice => ({ code, quantity, known: { categoryId: 'DAIR', listUnit, contractUnit, vatRateBp } });

/** Registers `adjuster` for the length of `work` only. */
async function withAdjuster<T>(adjuster: PriceAdjuster, work: () => Promise<T>): Promise<T> {
  const unregister = registerPriceAdjuster(adjuster);
  try {
    return await work();
  } finally {
    unregister();
  }
}

describe('priceLines: the pricing pipeline', () => {
  it('starts at the list price, takes the sold-to’s own price as the contract adjustment, and works VAT out per line', async () => {
    const priced = await priceLines(db, context, [line('A', 3, 1000, 950), line('B', 2, 333, 333, 0)]);
    assert.deepEqual(priced.lines, [
      { code: 'A', quantity: 3, vatRateBp: 2000, listUnit: 1000, unit: 950, adjustments: [{ kind: 'contractPrice', source: '0000100001', amount: -50 }], hints: [], net: 2850, vat: 570 },
      { code: 'B', quantity: 2, vatRateBp: 0, listUnit: 333, unit: 333, adjustments: [], hints: [], net: 666, vat: 0 },
    ]);
    assert.deepEqual(priced.totals, { netPence: 3516, vatPence: 570, grossPence: 4086 });
  });

  it('rounds VAT half up on each line before summing, as money.ts does', async () => {
    // 1 × 2.5p of VAT per line: 3p each, 6p in all (not 5p on the sum).
    const priced = await priceLines(db, context, [line('A', 1, 1_250, 1_250, 20), line('B', 1, 1_250, 1_250, 20)]);
    assert.deepEqual(priced.lines.map((one) => one.vat), [3, 3]);
    assert.deepEqual(priced.totals, { netPence: 2_500, vatPence: 6, grossPence: 2_506 });
  });

  it('runs registered adjusters in order, once for all lines, each seeing the unit price the ones before left', async () => {
    const calls: number[] = [];
    const seen: number[][] = [];
    const halfOff: PriceAdjuster = {
      kind: 'halfOff',
      adjust: (_db, _context, lines) => {
        calls.push(lines.length);
        seen.push(lines.map((one) => one.unit));
        return lines.map((one) => ({ kind: 'halfOff', source: 'TEST', amount: -Math.round(one.unit / 2) }));
      },
    };
    const priced = await withAdjuster(halfOff, () => priceLines(db, context, [line('A', 1, 1000, 800), line('B', 4, 300)]));
    assert.deepEqual(calls, [2]);
    assert.deepEqual(seen, [[800, 300]]);
    assert.deepEqual(priced.lines.map((one) => [one.unit, one.net, one.adjustments.map((adjustment) => adjustment.kind)]), [
      [400, 400, ['contractPrice', 'halfOff']],
      [150, 600, ['halfOff']],
    ]);
  });

  it('never takes a unit price below nothing, and an unregistered adjuster applies no more', async () => {
    const tooMuch: PriceAdjuster = { kind: 'tooMuch', adjust: async (_db, _context, lines) => lines.map(() => ({ kind: 'tooMuch', source: 'TEST', amount: -5_000 })) };
    const priced = await withAdjuster(tooMuch, () => priceLines(db, context, [line('A', 2, 1000)]));
    assert.deepEqual(priced.lines[0]?.adjustments, [{ kind: 'tooMuch', source: 'TEST', amount: -1000 }]);
    assert.equal(priced.totals.grossPence, 0);
    const after = await priceLines(db, context, [line('A', 2, 1000)]);
    assert.deepEqual(after.lines[0]?.adjustments, []);
    assert.equal(after.totals.netPence, 2000);
  });

  it('prices rows as read: the adjusted unit price and its adjustments on the row, totals as the pipeline sums them', async () => {
    const rows = [
      { productCode: 'A', categoryId: 'DAIR', quantity: 3, unitPricePence: 950, listPricePence: 1000, vatRateBp: 2000, name: 'Milk' },
      { productCode: 'B', categoryId: 'DAIR', quantity: 1, unitPricePence: 500, vatRateBp: 0, name: 'Cream' },
    ];
    const priced = await priceRows(db, context, rows);
    assert.deepEqual(
      priced.map((row) => [row.name, row.unitPricePence, row.adjustments.length]),
      [
        ['Milk', 950, 1],
        ['Cream', 500, 0],
      ],
    );
    assert.deepEqual(rowTotals(priced), (await priceLines(db, context, [line('A', 3, 1000, 950), line('B', 1, 500, 500, 0)])).totals);
  });
});
