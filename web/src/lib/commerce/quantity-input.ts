import { z } from 'zod';
import { MAX_QUANTITY } from './quantity';

/** The product a Server Action's quantity is for, as the browser names it. */
export const productCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Unknown product');

/** What the browser sends about the product besides its code; only ever used to word a message. */
export const quantityRuleInput = z.object({
  productName: z.string().trim().min(1).max(200).catch('this product'),
  minimum: z.coerce.number().int().min(1).max(MAX_QUANTITY).catch(1),
});
