/**
 * What a customer may send for a cart, an order or a standing order: one place for every schema and rule.
 * The storefront's forms hold the same values in web/src/lib/limits.ts; test/limits-agree.test.ts keeps
 * the two equal.
 */
export const LIMITS = {
  purchaseOrderNumber: 35,
  deliveryInstructions: 500,
  productCode: 40,
  /** Cases of one product on one line. */
  quantity: 9999,
  /** Lines of one cart, order or standing order. */
  orderLines: 500,
} as const;
