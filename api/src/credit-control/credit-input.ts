import { z } from 'zod';

/** The largest amount an integer pence column holds: £21,474,836.47. */
const MAX_PENCE = 2_147_483_647;

export const soldToParams = z.object({ soldTo: z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9_.-]+$/, 'must be a sold-to code') });

/** The body of PUT /admin/v1/customers/{soldTo}/credit (docs/credit-control.md): the whole of the sold-to's credit. */
export const creditBody = z.object({
  limit: z.number().int('must be whole pence').min(0).max(MAX_PENCE),
  onHold: z.boolean(),
  reason: z.string().trim().max(200).nullish().transform((reason) => reason || null),
});
export type CreditInput = z.infer<typeof creditBody>;

export const holdCodeParams = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be an order code') });

/** An operator's decision on an order held for credit; a rejection says why, as the buyer is told. */
export const holdDecisionBody = z
  .object({
    decision: z.enum(['RELEASE', 'REJECT']),
    comment: z.string().trim().max(1000).nullish().transform((comment) => comment || null),
  })
  .refine((input) => input.decision !== 'REJECT' || input.comment !== null, { path: ['comment'], message: 'is required to reject' });
export type HoldDecisionInput = z.infer<typeof holdDecisionBody>;
