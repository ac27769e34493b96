import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canMove, customerMayChange, ORDER_STATUSES, type OrderStatus } from '../src/order-status/order-status';

/** The contract (docs/integration.md), written out move by move: everything not listed here is refused. */
const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['placed', 'confirmed'],
  ['confirmed', 'picking'],
  ['picking', 'dispatched'],
  ['dispatched', 'delivered'],
  ['placed', 'cancelled'],
  ['confirmed', 'cancelled'],
];

describe('order status transitions', () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
      it(`${from} → ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        assert.equal(canMove(from, to), allowed);
      });
    }
  }

  it('has no way out of delivered or cancelled, and none back to placed', () => {
    for (const to of ORDER_STATUSES) {
      assert.equal(canMove('delivered', to), false);
      assert.equal(canMove('cancelled', to), false);
      assert.equal(canMove(to, 'placed'), false);
    }
  });

  it('lets the customer change an order exactly while it can still be cancelled: placed and confirmed', () => {
    assert.deepEqual(ORDER_STATUSES.filter(customerMayChange), ['placed', 'confirmed']);
  });
});
