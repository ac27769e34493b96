import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CartProduct } from '../src/carts/entries';
import { priceAmendedLines } from '../src/orders/amended-lines';
import { MAX_ORDER_PENCE } from '../src/orders/can-place';
import { amendCheck, orderTiming } from '../src/orders/order-cutoff';
import { cartProduct } from './support/cart-products';

/** Standard-rated, so the VAT of a line is worth checking. */
const product = (code: string, overrides: Partial<CartProduct> = {}): CartProduct => cartProduct(code, { vatRateBp: 2_000, ...overrides });

describe('which orders can still change', () => {
  const cutoff = new Date('2026-12-07T14:00:00Z');
  it('placed and confirmed orders until the cut-off, to the millisecond', () => {
    assert.equal(amendCheck('placed', cutoff, new Date('2026-12-07T13:59:59.999Z')), 'amendable');
    assert.equal(amendCheck('confirmed', cutoff, new Date('2026-12-07T13:59:00Z')), 'amendable');
    assert.equal(amendCheck('placed', cutoff, cutoff), 'cutoffPassed');
  });
  it('a status past confirmed closes the order whatever the time, and says so before the cut-off does', () => {
    for (const status of ['picking', 'dispatched', 'delivered', 'cancelled'] as const) {
      assert.equal(amendCheck(status, cutoff, new Date('2026-12-01T00:00:00Z')), 'statusClosed');
      assert.equal(amendCheck(status, cutoff, new Date('2026-12-09T00:00:00Z')), 'statusClosed');
    }
  });
  it('states the cut-off in London time, on the working day before delivery', () => {
    // Tuesday after the spring bank holiday (Monday 25 May 2026): Friday 22 May, in summer time.
    assert.deepEqual(orderTiming({ status: 'placed', deliveryDate: '2026-05-26' }, '14:00', new Date('2026-05-22T12:59:00Z')), {
      cutoff: '2026-05-22T14:00:00+01:00',
      amendable: true,
    });
    // Tuesday after the clocks go back (Sunday 25 October 2026): Monday 26 October, in winter time.
    assert.equal(orderTiming({ status: 'placed', deliveryDate: '2026-10-27' }, '14:00', new Date()).cutoff, '2026-10-26T14:00:00+00:00');
  });
});

describe('the lines of an amendment', () => {
  const rules = { owner: { status: 'active' }, purchaseOrderRequired: false, purchaseOrderNumber: null, range: 'DAIR' };
  const catalogue = new Map([
    ['A', product('A')],
    ['B', product('B', { unitPricePence: 333, vatRateBp: 0 })],
    ['OLD', product('OLD', { discontinued: true })],
    ['CHIL', product('CHIL', { range: 'CHIL' })],
    ['MIN', product('MIN', { minOrderQuantity: 4 })],
  ]);

  it('prices each line at the given price with VAT per line, numbered in the order given', () => {
    const priced = priceAmendedLines([{ productCode: 'B', quantity: 3 }, { productCode: 'A', quantity: 2 }], catalogue, rules);
    assert.ok(priced.ok);
    assert.deepEqual(priced.value.lines.map((line) => [line.lineNumber, line.productCode, line.netPence, line.vatPence]), [[0, 'B', 999, 0], [1, 'A', 2_000, 400]]);
    assert.deepEqual(priced.value.totals, { netPence: 2_999, vatPence: 400, grossPence: 3_399 });
  });

  it('refuses the first bad line, naming its place and the cart rule it breaks', () => {
    const refusal = (productCode: string, quantity = 1) => {
      const priced = priceAmendedLines([{ productCode: 'A', quantity: 1 }, { productCode, quantity }], catalogue, rules);
      assert.equal(priced.ok, false);
      return priced.ok ? undefined : priced.problem;
    };
    assert.deepEqual(refusal('NOPE'), { kind: 'badLine', index: 1, problem: { kind: 'productUnknown', productCode: 'NOPE' } });
    assert.deepEqual(refusal('OLD'), { kind: 'badLine', index: 1, problem: { kind: 'productDiscontinued', productCode: 'OLD' } });
    assert.deepEqual(refusal('CHIL'), { kind: 'badLine', index: 1, problem: { kind: 'productOtherRange', productCode: 'CHIL', range: 'DAIR' } });
    assert.deepEqual(refusal('MIN', 3), { kind: 'badLine', index: 1, problem: { kind: 'belowMinimum', productCode: 'MIN', minimum: 4 } });
    assert.deepEqual(refusal('A', 5), { kind: 'repeatedProduct', index: 1, productCode: 'A' });
  });

  it('refuses an order whose total would not fit the stored amounts', () => {
    const dear = new Map([['GOLD', product('GOLD', { unitPricePence: 300_000_000, vatRateBp: 0 })]]);
    const priced = priceAmendedLines([{ productCode: 'GOLD', quantity: 9 }], dear, rules);
    assert.deepEqual(priced, { ok: false, problem: { kind: 'orderTooLarge', maximumPence: MAX_ORDER_PENCE } });
  });
});
