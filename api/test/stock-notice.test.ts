import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkStockRows } from '../src/stock/feed-rows';
import { stockDate } from '../src/stock/stock-date';
import { FEW_LEFT_CASES, lineStockNotice, stockNotice } from '../src/stock/stock-notice';

const levels = [
  { deliveryDate: '2026-12-01', available: 6 },
  { deliveryDate: '2026-12-02', available: 0 },
  { deliveryDate: '2026-12-03', available: 0 },
  { deliveryDate: '2026-12-08', available: 40 },
  { deliveryDate: '2026-12-04', available: 12 },
];

describe('stock notices (docs/stock.md)', () => {
  it('few left is told, plenty is not, no row is no limit', () => {
    assert.deepEqual(stockNotice(levels, '2026-12-01'), { deliveryDate: '2026-12-01', available: 6, backOn: null });
    assert.equal(stockNotice([{ deliveryDate: '2026-12-01', available: FEW_LEFT_CASES + 1 }], '2026-12-01'), undefined);
    assert.deepEqual(stockNotice([{ deliveryDate: '2026-12-01', available: FEW_LEFT_CASES }], '2026-12-01')?.available, FEW_LEFT_CASES);
    assert.equal(stockNotice(levels, '2026-12-05'), undefined);
  });

  it('none left names the first later date with cases, whatever order the rows come in', () => {
    assert.deepEqual(stockNotice(levels, '2026-12-02'), { deliveryDate: '2026-12-02', available: 0, backOn: '2026-12-04' });
    assert.deepEqual(stockNotice([{ deliveryDate: '2026-12-02', available: 0 }], '2026-12-02'), { deliveryDate: '2026-12-02', available: 0, backOn: null });
  });

  it('a cart line wanting more than is left is told however many are left', () => {
    assert.deepEqual(lineStockNotice(levels, '2026-12-08', 50), { deliveryDate: '2026-12-08', available: 40, backOn: null });
    assert.equal(lineStockNotice(levels, '2026-12-08', 40), undefined);
    assert.deepEqual(lineStockNotice(levels, '2026-12-01', 2), { deliveryDate: '2026-12-01', available: 6, backOn: null });
  });
});

describe('which delivery date stock is told for', () => {
  // Tuesdays and Fridays, cut-off 14:00 London the working day before; Monday 30 November 2026, 10:00.
  const schedule = { deliveryWeekdays: [2, 5], cutoffTime: '14:00' };
  const now = new Date('2026-11-30T10:00:00Z');

  it("the cart's date while it can be ordered for, else the next delivery date", () => {
    assert.equal(stockDate(now, schedule, '2026-12-04'), '2026-12-04');
    assert.equal(stockDate(now, schedule, null), '2026-12-01');
    assert.equal(stockDate(now, schedule, '2026-12-02'), '2026-12-01', 'not a delivery day of the ship-to');
    assert.equal(stockDate(new Date('2026-11-30T14:00:00Z'), schedule, '2026-12-01'), '2026-12-04', 'past its cut-off');
  });
});

describe('a feed\'s rows checked on their own', () => {
  it('names every bad row and field, and a repeat of an earlier row', () => {
    const { rows, problems } = checkStockRows([
      { product: '100001', deliveryDate: '2026-12-01', available: 3 },
      { product: '', deliveryDate: '2026-13-01', available: '3' },
      null,
      { product: '100001', deliveryDate: '2026-12-01', available: 4 },
    ]);
    assert.deepEqual(rows, [{ productCode: '100001', deliveryDate: '2026-12-01', available: 3 }]);
    assert.deepEqual(problems.map((problem) => `${problem.row}.${problem.field}`), ['1.product', '1.deliveryDate', '1.available', '2.row', '3.row']);
  });
});
