import { z } from 'zod';
import { creditStandingSchema } from '@/lib/commerce/credit';
import { moneySchema } from '@/lib/commerce/types';

const ref = z.object({ code: z.string(), name: z.string() });

/** An order waiting for credit, as the credit team's queue lists it. */
const creditHoldSchema = z.object({
  code: z.string(),
  soldTo: ref,
  shipTo: ref,
  buyer: z.object({ name: z.string(), email: z.string() }),
  deliveryDate: z.string(),
  cutoff: z.string(),
  totalPriceWithTax: moneySchema,
  hold: z.object({ kind: z.enum(['onHold', 'overLimit']), reason: z.string().nullish(), message: z.string(), heldAt: z.string() }),
  creditNow: creditStandingSchema.nullish(),
});
export type CreditHold = z.infer<typeof creditHoldSchema>;

export const creditHoldQueueSchema = z.object({ creditHolds: z.array(creditHoldSchema) });
export const creditHoldDecidedSchema = z.object({ code: z.string(), status: z.string() });

const DECIDED: Record<string, (code: string) => string> = {
  released: (code) => `Order ${code} released: it is placed and goes to the warehouse.`,
  rejected: (code) => `Order ${code} rejected. The buyer gets an e-mail with the comment.`,
};

/** The queue's address after a decision, which says what was done. */
export const creditDecidedQuery = (code: string, decision: 'APPROVE' | 'REJECT'): string => new URLSearchParams({ decided: code, decision: decision === 'APPROVE' ? 'released' : 'rejected' }).toString();

/** What the last decision did, read from the queue's address; undefined for anything else. */
export function creditDecidedText(params: Record<string, string | string[] | undefined>): string | undefined {
  const { decided, decision } = params;
  if (typeof decided !== 'string' || !/^[A-Za-z0-9-]{1,40}$/.test(decided) || typeof decision !== 'string') return undefined;
  return DECIDED[decision]?.(decided);
}
