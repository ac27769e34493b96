import { z } from 'zod';
import { checkoutDetailsSchema } from './checkout-schema';
import { MAX_QUANTITY } from './quantity';
import { LIMITS } from '../limits';

/** The edit-order form, checked in the browser before saving and again by the Server Action (the API's limits). */
export const orderChangeSchema = z.object({
  lines: z
    .array(
      z.object({
        code: z.string().trim().min(1).max(LIMITS.productCode),
        name: z.string(),
        quantity: z.string().trim().regex(/^\d{1,4}$/).transform(Number).pipe(z.number().int().min(1).max(MAX_QUANTITY)),
      }),
    )
    .min(1, 'An order needs at least one line. To order nothing, cancel the order instead.')
    .max(LIMITS.orderLines, `An order holds at most ${LIMITS.orderLines} lines`),
  purchaseOrderNumber: checkoutDetailsSchema.shape.purchaseOrderNumber,
  deliveryInstructions: checkoutDetailsSchema.shape.deliveryInstructions,
});

export type OrderChangeInput = z.input<typeof orderChangeSchema>;

/** The first problem of a form, worded for the customer: a quantity names its product. */
export function orderChangeProblem(input: OrderChangeInput): { message: string; line?: number } | undefined {
  const parsed = orderChangeSchema.safeParse(input);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const [field, index] = issue?.path ?? [];
  if (field === 'lines' && typeof index === 'number') {
    const name = input.lines[index]?.name ?? 'this product';
    return { message: `Enter 1 to ${MAX_QUANTITY} cases of ${name}, or remove the line`, line: index };
  }
  return { message: issue?.message ?? 'Check the form' };
}
