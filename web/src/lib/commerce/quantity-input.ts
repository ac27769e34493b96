import { z } from 'zod';
import { MAX_QUANTITY } from './quantity';
import { PRODUCT_CODE_PATTERN } from '../limits';

/** The product a Server Action's quantity is for, as the browser names it. */
export const productCodeSchema = z.string().regex(PRODUCT_CODE_PATTERN, 'Unknown product');

/** What the browser sends about the product besides its code; only ever used to word a message. */
export const quantityRuleInput = z.object({
  productName: z.string().trim().min(1).max(200).catch('this product'),
  minimum: z.coerce.number().int().min(1).max(MAX_QUANTITY).catch(1),
});
