import { z } from 'zod';
import { RANGES } from '../accounts/ship-tos';
import { MAX_PAR_LEVEL } from './par-levels';

export const scopeQuery = z.object({ shipTo: z.string().trim().min(1).max(20), salesOrg: z.enum(RANGES) });

/** A page of the guide: 20 lines like every list of the API, up to 500 (a kitchen's whole list, in practice). */
export const guideQuery = scopeQuery.extend({
  currentPage: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});

export const parParams = z.object({ productCode: z.string().trim().min(1).max(40) });

/** A whole number of cases, 1-9999; a string of digits is accepted as the storefront's forms send it. */
export const parBody = z.object({
  parLevel: z
    .union([z.number(), z.string().trim().regex(/^\d{1,6}$/, 'must be a whole number').transform(Number)])
    .pipe(z.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_PAR_LEVEL, `must be at most ${MAX_PAR_LEVEL}`)),
});
