import { z } from 'zod';
import { RANGES } from '../accounts/ship-tos';
import { optionalText, productCode } from '../carts/cart-schemas';
import { LIMITS } from '../carts/limits';
import { isValidIsoDate } from '../time/calendar-date';

const shipTo = z.string().trim().min(1).max(20);
const salesOrg = z.enum(RANGES);
/** Standing orders run this century: dates far outside it are typing errors, not plans. */
const isoDate = z.string().refine((value) => /^20\d\d-/.test(value) && isValidIsoDate(value), 'must be a date YYYY-MM-DD');

export const listQuery = z.object({ shipTo, salesOrg });

/** Reads of one standing order may name its ship-to and range; one of another then answers 404. */
export const filterQuery = z.object({ shipTo: shipTo.optional(), salesOrg: salesOrg.optional() });

export const codeParams = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be a standing order code') });

export const deliveryParams = codeParams.extend({ date: isoDate });

export const actionParams = codeParams.extend({ action: z.enum(['pause', 'resume', 'end']) });

const name = z.string().trim().min(1, 'must be 1 to 80 characters').max(80, 'must be 1 to 80 characters');

const weekdays = z
  .array(z.number().int('must be ISO weekdays 1-7').min(1, 'must be ISO weekdays 1-7').max(7, 'must be ISO weekdays 1-7'))
  .min(1, 'choose at least one weekday')
  .max(7);

const entries = z
  .array(z.object({ product: z.object({ code: productCode }), quantity: z.number().int('must be a whole number').min(1).max(LIMITS.quantity) }))
  .max(LIMITS.orderLines);

export const createBody = z.object({
  cartId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a saved cart code or active'),
  name: name.optional(),
  weekdays,
  startDate: isoDate,
  endDate: isoDate.nullable().optional(),
  purchaseOrderNumber: optionalText(LIMITS.purchaseOrderNumber),
  deliveryInstructions: optionalText(LIMITS.deliveryInstructions),
});

export const updateBody = z.object({
  name: name.optional(),
  weekdays: weekdays.optional(),
  endDate: isoDate.nullable().optional(),
  purchaseOrderNumber: optionalText(LIMITS.purchaseOrderNumber),
  deliveryInstructions: optionalText(LIMITS.deliveryInstructions),
  entries: entries.optional(),
});

export const deliveryBody = z.object({ skipped: z.boolean().optional(), entries: entries.optional() });
