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

/** Checkout's credit notice: why the order, once placed, would wait for the credit team; undefined when it would not. */
export type CreditNotice = { kind: 'onHold'; reason: string | null } | { kind: 'overLimit'; gross: string; available: string } | undefined;

/**
 * The policy's own rule (docs/credit-control.md "Holding an order for credit") told before "Place order": the sold-to
 * is on hold, or the cart's gross is more than its available credit. When the API cannot tell, no notice: placing
 * the order still holds it, and the confirmation says so.
 */
export async function creditNotice(soldTo: string, cartGross: { valuePence: number; formattedValue: string }): Promise<CreditNotice> {
  const result = await getCredit();
  const credit = result.ok ? result.data.soldTos.find((entry) => entry.code === soldTo) : undefined;
  if (!credit) return undefined;
  // Worded as the hold itself will be (api/src/credit-control/hold-message.ts): no closing full stop twice, nothing below £0.00.
  if (credit.onHold) return { kind: 'onHold', reason: credit.reason?.replace(/[.\s]+$/, '') || null };
  if (cartGross.valuePence > credit.available.valuePence) {
    return { kind: 'overLimit', gross: cartGross.formattedValue, available: credit.available.valuePence > 0 ? credit.available.formattedValue : '£0.00' };
  }
  return undefined;
}
