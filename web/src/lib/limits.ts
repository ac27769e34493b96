/**
 * What a customer may type, as the API accepts it: forms check these in the browser and again in the Server
 * Action, so a refusal is worded here rather than by the API. api/src/carts/limits.ts holds the API's copy;
 * api/test/limits-agree.test.ts keeps the two equal.
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

/** A product code as the catalogue writes them. */
export const PRODUCT_CODE_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${LIMITS.productCode}}$`);

export const LIMIT_MESSAGES = {
  purchaseOrderNumber: `Use at most ${LIMITS.purchaseOrderNumber} characters for the purchase order number`,
  deliveryInstructions: `Use at most ${LIMITS.deliveryInstructions} characters for the delivery instructions`,
} as const;
