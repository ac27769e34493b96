import { z } from 'zod';

/** One schema for a quantity typed into the shop, used by the form in the browser and again by the server. */
export const MAX_QUANTITY = 9999;

export const quantitySchema = z.coerce
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(0, 'Enter a quantity of 0 or more')
  .max(MAX_QUANTITY, `Enter at most ${MAX_QUANTITY}`);

export const productCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Unknown product');

export const addToCartSchema = z.object({
  productCode: productCodeSchema,
  quantity: quantitySchema.min(1, 'Enter a quantity of at least 1'),
});
