import { z } from 'zod';
import { RANGES } from '../accounts/ship-tos';
import { isValidIsoDate } from '../time/calendar-date';
import { badRequest } from '../http/errors';
import { LIMITS } from './limits';

const shipTo = z.string().trim().min(1).max(20);
const salesOrg = z.enum(RANGES);
const fields = z.enum(['BASIC', 'DEFAULT', 'FULL']).optional();

export const scopeQuery = z.object({ shipTo, salesOrg, fields });

export const cartQuery = z.object({ shipTo: shipTo.optional(), salesOrg: salesOrg.optional(), fields });

export const cartParams = z.object({ cartId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a cart code or active') });

export const entryParams = cartParams.extend({ entryNumber: z.coerce.number().int().min(0).max(1_000_000) });

/** A whole number of cases; the storefront may send it as a string, and "0" means "remove". */
const quantity = z.union([z.number(), z.string().trim().regex(/^\d{1,6}$/, 'must be a whole number').transform(Number)]).pipe(
  z.number().int('must be a whole number').min(0).max(LIMITS.quantity),
);

export const productCode = z.string().trim().min(1).max(LIMITS.productCode);

export const addEntryBody = z.object({ product: z.object({ code: productCode }), quantity });

export const updateEntryBody = z.object({ product: z.object({ code: productCode }).optional(), quantity });

/** PATCH of an entry: its "Allow a substitute" (docs/substitutions.md). */
export const substituteEntryBody = z.object({ allowSubstitute: z.boolean() });

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

export const cartDetailsBody = z.object({
  purchaseOrderNumber: optionalText(LIMITS.purchaseOrderNumber),
  deliveryInstructions: optionalText(LIMITS.deliveryInstructions),
  requestedDeliveryDate: z
    .string()
    .refine((value) => value === '' || isValidIsoDate(value), 'must be a date YYYY-MM-DD')
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
});

export const saveQuery = cartQuery.extend({
  saveCartName: z.string().trim().min(1).max(100).optional(),
  saveCartDescription: z.string().trim().max(500).optional(),
});

export const listQuery = scopeQuery.extend({
  savedCartsOnly: z.enum(['true', 'false']).optional(),
  currentPage: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * The cart version a client's edit is based on, from If-Match: `"7"`, `W/"7"` or `7`. `*` (or no header)
 * means any version.
 */
export function expectedVersion(header: string | string[] | undefined): number | undefined {
  if (header === undefined || header === '*') return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value ?? '');
  if (!match?.[1]) throw badRequest('If-Match', 'If-Match must be the cart version (its ETag)');
  return Number(match[1]);
}
