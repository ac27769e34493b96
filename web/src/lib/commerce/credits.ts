import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { decodedRouteParam } from './route-param';
import { moneySchema } from './types';

/**
 * Credit requests (docs/after-delivery.md "Credit requests"): what the API answers, parsed before a page sees it,
 * the words the storefront and the back office use for statuses and reasons, and the customer's calls.
 */

export const CREDIT_STATUSES = ['requested', 'accepted', 'partlyAccepted', 'rejected'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

const STATUS_LABELS: Record<CreditStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  partlyAccepted: 'Partly accepted',
  rejected: 'Rejected',
};

export const creditStatusLabel = (status: string): string => STATUS_LABELS[status as CreditStatus] ?? status;

const REASON_LABELS: Record<string, string> = {
  short: 'Short delivered',
  damaged: 'Damaged',
  wrongProduct: 'Wrong product',
  quality: 'Quality',
  temperature: 'Temperature',
  outOfDate: 'Out of date',
};

export const creditReasonLabel = (reason: string): string => REASON_LABELS[reason] ?? reason;

/** The API's credit request code shape: anything else is not sent. */
export const CREDIT_CODE = /^[A-Za-z0-9-]{1,32}$/;

export const creditLineSchema = z.object({
  entryNumber: z.number().int(),
  product: z.object({ code: z.string(), name: z.string(), packSize: z.string() }),
  orderedQuantity: z.number().int().optional(),
  deliveredQuantity: z.number().int().nullish(),
  receivedQuantity: z.number().int().nullish(),
  damagedQuantity: z.number().int().nullish(),
  quantity: z.number().int(),
  reason: z.string(),
  note: z.string().nullish(),
  unitPrice: moneySchema.optional(),
  vatRateBp: z.number().int().optional(),
  net: moneySchema,
  vat: moneySchema,
  /** What the decision credited of the line; null before it, and when it was partly accepted by an amount alone. */
  creditedQuantity: z.number().int().nullish(),
  creditedAmount: moneySchema.nullish(),
});
export type CreditLine = z.infer<typeof creditLineSchema>;

export const creditRequestSchema = z.object({
  code: z.string(),
  orderCode: z.string(),
  status: z.string(),
  shipTo: z.object({ code: z.string(), name: z.string() }),
  soldTo: z.string(),
  requestedBy: z.object({ name: z.string(), email: z.string().optional() }),
  createdAt: z.string(),
  net: moneySchema,
  vat: moneySchema,
  gross: moneySchema,
  credited: moneySchema.nullable(),
  decision: z.object({ note: z.string().nullable(), creditNoteNumber: z.string().nullable(), decidedAt: z.string().nullable() }).nullable(),
  lines: z.array(creditLineSchema).default([]),
});
export type CreditRequest = z.infer<typeof creditRequestSchema>;
export const creditRequestListSchema = z.object({ creditRequests: z.array(creditRequestSchema) });

/** The back office's view: who decided, and the photos of the check-in. */
export const adminCreditRequestSchema = creditRequestSchema.extend({
  decidedBy: z.string().nullable(),
  photos: z.array(z.object({ id: z.number().int(), contentType: z.string(), width: z.number().int(), height: z.number().int() })).default([]),
});
export const adminCreditRequestListSchema = z.object({ creditRequests: z.array(adminCreditRequestSchema), hasMore: z.boolean() });

/** The decision as the back office's form sends it: a part is the cases credited per line. */
export interface CreditDecisionBody {
  status: 'accepted' | 'partlyAccepted' | 'rejected';
  lines?: { entryNumber: number; creditedQuantity: number }[];
  note?: string;
  creditNoteNumber?: string;
}

/** What the buyer reads under the status: how much was credited, or why not. */
export function outcomeText(request: Pick<CreditRequest, 'status' | 'credited' | 'gross'>): string {
  switch (request.status) {
    case 'accepted':
      return `${request.credited?.formattedValue ?? request.gross.formattedValue} will be credited`;
    case 'partlyAccepted':
      return `${request.credited?.formattedValue ?? ''} of ${request.gross.formattedValue} will be credited`;
    case 'rejected':
      return 'No credit will be given';
    default:
      return 'Waiting for a decision';
  }
}

const cases = (count: number) => `${count} ${count === 1 ? 'case' : 'cases'}`;

/**
 * What the decision did with one line, in the buyer's words: "Credited: 2 of 3 cases, £4.20", "Credited in full"
 * or "Not credited"; undefined while it is not known (not decided, or partly accepted by an amount alone).
 */
export function lineOutcomeText(line: Pick<CreditLine, 'quantity' | 'creditedQuantity' | 'creditedAmount'>): string | undefined {
  if (line.creditedQuantity === null || line.creditedQuantity === undefined) return undefined;
  if (line.creditedQuantity === 0) return 'Not credited';
  if (line.creditedQuantity >= line.quantity) return 'Credited in full';
  return `Credited: ${line.creditedQuantity} of ${cases(line.quantity)}${line.creditedAmount ? `, ${line.creditedAmount.formattedValue}` : ''}`;
}

/** The credit requests of the signed-in user's ship-tos, newest first. */
export const listCreditRequests = (): Promise<ApiResult<{ creditRequests: CreditRequest[] }>> => apiRequest(creditRequestListSchema, '/users/current/creditrequests');

/** One credit request of the user's ship-tos; another ship-to's answers 404. */
export const getCreditRequest = (code: string): Promise<ApiResult<CreditRequest>> => apiRequest(creditRequestSchema, `/users/current/creditrequests/${encodeURIComponent(code)}`);

/**
 * The credit request a page is about, looked up once per request (React `cache`): undefined when the address
 * names nothing (a code of the wrong shape, one that does not exist, or another ship-to's: the API's 400 or 404).
 */
export const findCreditRequest = cache(async (rawCode: string): Promise<ApiResult<CreditRequest> | undefined> => {
  const code = decodedRouteParam(rawCode);
  if (code === undefined || !CREDIT_CODE.test(code)) return undefined;
  const result = await getCreditRequest(code);
  return !result.ok && (result.error.status === 404 || result.error.status === 400) ? undefined : result;
});
