import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bulkQuantity, decideBulkAdd } from '../src/carts/bulk-decision';
import type { CartState } from '../src/carts/cart-change';
import { cartProduct } from './support/cart-products';

const state = (entries: CartState['entries']): CartState =>
  ({ cart: { id: 1 }, scope: { range: 'DAIR', soldToCode: 'S', shipToCode: 'X' }, entries }) as unknown as CartState;

describe('bulk add decision (pure)', () => {
  it('reads whole numbers 1-9999, as numbers or digits', () => {
    assert.deepEqual([1, '12', ' 7 ', 9999].map(bulkQuantity), [1, 12, 7, 9999]);
    assert.deepEqual([0, '0', -1, 1.5, '1.5', 'x', '', null, undefined, 10000, [], {}].map(bulkQuantity), Array(12).fill(undefined));
  });

  it('adds a product named twice as one line and grows one already in the cart, with entry numbers after the last', () => {
    const existing = { ...cartProduct('B'), entryNumber: 4, quantity: 2 };
    const decision = decideBulkAdd(
      state([existing]),
      [
        { line: 1, code: 'A', quantity: 2 },
        { line: 2, code: 'B', quantity: 1 },
        { line: 3, code: 'A', quantity: '3' },
      ],
      new Map([['A', cartProduct('A')]]),
    );
    assert.deepEqual(decision.problems, []);
    assert.deepEqual(decision.writes, [
      { kind: 'insert', entryNumber: 5, productCode: 'A', quantity: 5 },
      { kind: 'setQuantity', entryNumber: 4, quantity: 3 },
    ]);
    assert.deepEqual(decision.touched, [5, 4]);
  });

  it('reports every line of a refused product, in line order', () => {
    const decision = decideBulkAdd(
      state([]),
      [
        { line: 1, code: 'M', quantity: 1 },
        { line: 2, code: 'Z', quantity: 'lots' },
        { line: 3, code: 'M', quantity: 1 },
      ],
      new Map([['M', cartProduct('M', { minOrderQuantity: 4 })]]),
    );
    assert.deepEqual(decision.problems.map((problem) => [problem.line, problem.reason]), [
      [1, 'belowMinimum'],
      [2, 'badQuantity'],
      [3, 'belowMinimum'],
    ]);
    assert.deepEqual(decision.writes, []);
  });
});
