import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LIMITS as WEB_LIMITS, PRODUCT_CODE_PATTERN } from '../../web/src/lib/limits';
import { amendBody } from '../src/orders/amend-schema';
import { LIMITS } from '../src/carts/limits';

describe('the storefront and the API agree on what a customer may type', () => {
  it('has the same limits on both sides', () => {
    assert.deepEqual({ ...WEB_LIMITS }, { ...LIMITS });
  });

  it('takes a product code as long as the API does, and no longer', () => {
    assert.ok(PRODUCT_CODE_PATTERN.test('A'.repeat(LIMITS.productCode)));
    assert.ok(!PRODUCT_CODE_PATTERN.test('A'.repeat(LIMITS.productCode + 1)));
  });

  it('the API refuses one character past a storefront limit and takes the limit itself', () => {
    const order = (purchaseOrderNumber: string, deliveryInstructions: string) => ({
      entries: [{ product: { code: 'A'.repeat(WEB_LIMITS.productCode) }, quantity: WEB_LIMITS.quantity }],
      purchaseOrderNumber,
      deliveryInstructions,
    });
    assert.ok(amendBody.safeParse(order('P'.repeat(WEB_LIMITS.purchaseOrderNumber), 'i'.repeat(WEB_LIMITS.deliveryInstructions))).success);
    assert.ok(!amendBody.safeParse(order('P'.repeat(WEB_LIMITS.purchaseOrderNumber + 1), '')).success);
    assert.ok(!amendBody.safeParse(order('', 'i'.repeat(WEB_LIMITS.deliveryInstructions + 1))).success);
  });
});
