import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canMove, customerMayChange, ORDER_STATUSES, reportableMoves, type OrderStatus } from '../src/order-status/order-status';

/** The contract (docs/integration.md, docs/approvals.md, docs/credit-control.md), written out move by move: everything not listed here is refused. */
const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['placed', 'confirmed'],
  ['confirmed', 'picking'],
  ['picking', 'dispatched'],
  ['dispatched', 'delivered'],
  ['placed', 'cancelled'],
  ['confirmed', 'cancelled'],
  // Held for approval: placed by the approval, rejected, expired at the cut-off, or cancelled by the buyer.
  ['pendingApproval', 'placed'],
  ['pendingApproval', 'rejected'],
  ['pendingApproval', 'expired'],
  ['pendingApproval', 'cancelled'],
  // An expired order is put back for another date ("Choose another date"), placed when that date passes no limit, or cancelled.
  ['expired', 'pendingApproval'],
  ['expired', 'placed'],
  ['expired', 'cancelled'],
  // An amendment over a limit holds the order again.
  ['placed', 'pendingApproval'],
  ['confirmed', 'pendingApproval'],
  // Held for credit, at checkout or once approved (credit is asked after approval), or for another date.
  ['pendingApproval', 'awaitingCredit'],
  ['expired', 'awaitingCredit'],
  // Released by the credit team, rejected by it, expired at the cut-off, cancelled by the buyer, or amended over a limit.
  ['awaitingCredit', 'placed'],
  ['awaitingCredit', 'rejected'],
  ['awaitingCredit', 'expired'],
  ['awaitingCredit', 'cancelled'],
  ['awaitingCredit', 'pendingApproval'],
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

  it('has no way out of delivered, cancelled or rejected, and none to placed but by an approval, a credit release or a new date within the limits', () => {
    for (const to of ORDER_STATUSES) {
      assert.equal(canMove('delivered', to), false);
      assert.equal(canMove('cancelled', to), false);
      assert.equal(canMove('rejected', to), false);
      assert.equal(canMove(to, 'placed'), to === 'pendingApproval' || to === 'awaitingCredit' || to === 'expired');
    }
  });

  it('lets the customer change an order exactly while it can still be cancelled: held, placed, confirmed and expired', () => {
    assert.deepEqual(ORDER_STATUSES.filter(customerMayChange), ['pendingApproval', 'awaitingCredit', 'placed', 'confirmed', 'expired']);
  });

  it('offers status reports no move into or out of approval or credit: those are the decisions own', () => {
    assert.deepEqual(reportableMoves('placed'), ['confirmed', 'cancelled']);
    assert.deepEqual(reportableMoves('confirmed'), ['picking', 'cancelled']);
    for (const held of ['pendingApproval', 'awaitingCredit', 'rejected', 'expired'] as const) assert.deepEqual(reportableMoves(held), []);
  });
});
