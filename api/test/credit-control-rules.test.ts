import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { holdMessage } from '../src/credit-control/hold-message';
import { erpHears, erpMayActOn, SPENDING_STATUSES } from '../src/order-status/order-status';

describe('credit control rules (docs/credit-control.md)', () => {
  it('tells the buyer why, in the words of the docs', () => {
    assert.equal(holdMessage('onHold', { reason: 'Invoice 4471 is 60 days overdue.', orderPence: 1, availablePence: 0 }), 'Your account is on hold: Invoice 4471 is 60 days overdue. Your order is waiting for our credit team.');
    assert.equal(holdMessage('onHold', { reason: null, orderPence: 1, availablePence: 0 }), 'Your account is on hold. Your order is waiting for our credit team.');
    assert.equal(
      holdMessage('overLimit', { reason: null, orderPence: 12_345, availablePence: 10_000 }),
      'This order (£123.45) would take your account over its credit limit: £100.00 is available. Your order is waiting for our credit team.',
    );
    assert.equal(holdMessage('overLimit', { reason: null, orderPence: 500, availablePence: -2_000 }), 'This order (£5.00) would take your account over its credit limit: £0.00 is available. Your order is waiting for our credit team.');
  });

  it('keeps an order waiting for credit from the ERP until it is placed', () => {
    assert.equal(erpMayActOn('awaitingCredit'), false);
    assert.equal(erpHears('new', 'awaitingCredit'), false);
    assert.equal(erpHears('pendingApproval', 'awaitingCredit'), false);
    assert.equal(erpHears('awaitingCredit', 'rejected'), false);
    assert.equal(erpHears('awaitingCredit', 'expired'), false);
    assert.equal(erpHears('awaitingCredit', 'placed'), true);
  });

  it("counts as on order exactly the statuses that spend, as the migration's partial index lists them", () => {
    const migration = readFileSync(new URL('../drizzle/0030_credit_control.sql', import.meta.url), 'utf8');
    const listed = /CREATE INDEX "orders_uninvoiced_idx"[^;]*"status" in \(([^)]*)\)/.exec(migration)?.[1];
    assert.ok(listed, 'orders_uninvoiced_idx not found in the migration');
    assert.deepEqual(listed.split(',').map((status) => status.trim().replaceAll("'", '')), [...SPENDING_STATUSES]);
  });
});
