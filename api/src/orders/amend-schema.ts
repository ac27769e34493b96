import { z } from 'zod';
import { LIMITS } from '../carts/limits';
import { MAX_LINES, MAX_QUANTITY } from '../carts/sellable';
import { optionalText, productCode } from '../carts/cart-schemas';

/** PUT /users/current/orders/{code}: the order's whole new set of lines, and the PO and instructions to change. */
export const amendBody = z
  .object({
    entries: z
      .array(
        z.object({
          product: z.object({ code: productCode }),
          quantity: z.number().int('must be a whole number').min(1, 'must be at least 1; leave the line out to remove it').max(MAX_QUANTITY),
        }),
      )
      .min(1, 'must have at least one line; cancel the order to order nothing')
      .max(MAX_LINES),
    // As at checkout (carts/cart-schemas.ts): an empty string clears the field.
    purchaseOrderNumber: optionalText(LIMITS.purchaseOrderNumber),
    deliveryInstructions: optionalText(LIMITS.deliveryInstructions),
  })
  .transform(({ entries, ...details }) => ({
    ...details,
    entries: entries.map((entry) => ({ productCode: entry.product.code, quantity: entry.quantity })),
  }));
