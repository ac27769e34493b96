import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EntryRow } from '../src/carts/cart-queries';
import { canPlace, MAX_ORDER_PENCE, type PlaceCandidate } from '../src/orders/can-place';
import { cartProduct } from './support/cart-products';

const line = (code: string, quantity: number, overrides: Parameters<typeof cartProduct>[1] = {}): EntryRow => ({ ...cartProduct(code, overrides), entryNumber: 0, quantity });

const candidate = (overrides: Partial<PlaceCandidate> = {}): PlaceCandidate => ({
  owner: { status: 'active' },
  purchaseOrderRequired: false,
  purchaseOrderNumber: null,
  range: 'DAIR',
  lines: [line('A', 2), line('B', 1)],
  unsellable: 'refuse',
  ...overrides,
});

describe('canPlace: the one rule for checkout, amendments and standing orders', () => {
  it('accepts an active owner’s sold lines and answers their totals', () => {
    const placed = canPlace(candidate());
    assert.ok(placed.ok);
    assert.deepEqual(placed.value.lines.map((entry) => entry.productCode), ['A', 'B']);
    assert.deepEqual(placed.value.totals, { netPence: 3_000, vatPence: 0, grossPence: 3_000 });
  });

  it('refuses a disabled owner first, whatever else is wrong', () => {
    assert.deepEqual(canPlace(candidate({ owner: { status: 'disabled' }, lines: [] })), { ok: false, problem: { kind: 'ownerDisabled' } });
  });

  it('refuses lines no longer sold, or leaves them out when asked; with none left there is nothing to order', () => {
    const lines = [line('A', 2), line('OLD', 1, { discontinued: true })];
    assert.deepEqual(canPlace(candidate({ lines })), {
      ok: false,
      problem: { kind: 'linesNotOrderable', lines: [{ index: 1, productCode: 'OLD', problem: { kind: 'productDiscontinued', productCode: 'OLD' } }] },
    });
    const leftOut = canPlace(candidate({ lines, unsellable: 'leaveOut' }));
    assert.ok(leftOut.ok);
    assert.deepEqual([leftOut.value.lines.map((entry) => entry.productCode), leftOut.value.totals.grossPence], [['A'], 2_000]);
    assert.deepEqual(canPlace(candidate({ lines: [line('OLD', 1, { discontinued: true })], unsellable: 'leaveOut' })), { ok: false, problem: { kind: 'nothingSellable' } });
    assert.deepEqual(canPlace(candidate({ lines: [] })), { ok: false, problem: { kind: 'emptyCart' } });
  });

  it('refuses a total an order cannot hold, and a missing PO number where the ship-to requires one', () => {
    const dear = [line('GOLD', 9, { unitPricePence: 300_000_000 })];
    assert.deepEqual(canPlace(candidate({ lines: dear })), { ok: false, problem: { kind: 'orderTooLarge', maximumPence: MAX_ORDER_PENCE } });
    assert.deepEqual(canPlace(candidate({ purchaseOrderRequired: true })), { ok: false, problem: { kind: 'purchaseOrderMissing' } });
    assert.ok(canPlace(candidate({ purchaseOrderRequired: true, purchaseOrderNumber: 'PO-1' })).ok);
  });
});
