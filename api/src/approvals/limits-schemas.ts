import { z } from 'zod';
import { RANGES } from '../accounts/ship-tos';
import { isValidIsoDate } from '../time/calendar-date';

/** Request shapes of the limits routes, customer and back office alike (docs/approvals.md "Limits"). */

/** Pence, net of VAT: up to £10,000,000, far above any order (the database holds a 32-bit integer). */
const threshold = z.number().int('must be whole pence').min(0).max(1_000_000_000);
const periodRange = z.enum(['WEEK', 'MONTH']);
const code = z.string().trim().min(1).max(20);

export const limitBody = z.strictObject({
  type: z.enum(['orderThreshold', 'periodThreshold']),
  threshold,
  periodRange: periodRange.nullish(),
  shipTo: code.nullish(),
  user: z.string().trim().min(3).max(254).nullish(),
  soldTo: code.optional(),
});

export const limitChangeBody = z.strictObject({ threshold: threshold.optional(), periodRange: periodRange.optional() });

export const limitParams = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be a limit code') });

export const soldToQuery = z.object({ soldTo: code.optional() });

export const approvalCheckQuery = z.object({
  shipTo: code.optional(),
  salesOrg: z.enum(RANGES).optional(),
  deliveryDate: z.string().refine(isValidIsoDate, 'must be a date, YYYY-MM-DD').optional(),
});
