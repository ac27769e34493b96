import 'server-only';
import { z } from 'zod';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { moneySchema } from './types';

/** A sold-to's credit as the API answers it (docs/credit-control.md): limit, owed and on order, what is left, its hold. */
export const creditStandingSchema = z.object({ limit: moneySchema, exposure: moneySchema, available: moneySchema, onHold: z.boolean(), reason: z.string().nullish() });

const soldToCreditSchema = creditStandingSchema.extend({ code: z.string(), name: z.string() });
export type SoldToCredit = z.infer<typeof soldToCreditSchema>;

/** The credit of each sold-to the user buys for that has a limit; the invoices page shows it beside the balance. */
export const getCredit = (): Promise<ApiResult<{ soldTos: SoldToCredit[] }>> => apiRequest(z.object({ soldTos: z.array(soldToCreditSchema) }), '/users/current/credit');
