import 'server-only';
import { z } from 'zod';
import { apiDownload, apiRequest } from '@/lib/api/client';
import { noContent } from '@/lib/api/transport';
import type { ApiResult } from '@/lib/errors/app-error';

import type { CheckinReason } from './checkin-labels';

const money = z.object({ valuePence: z.number().int(), formattedValue: z.string() });

export const creditRequestSummarySchema = z.object({
  code: z.string(),
  status: z.string(),
  net: money,
  vat: money,
  gross: money,
  credited: money.nullable(),
  creditNoteNumber: z.string().nullable().optional(),
  lines: z.array(z.object({ entryNumber: z.number().int(), productCode: z.string(), name: z.string(), quantity: z.number().int(), reason: z.string(), net: money, vat: money })),
});

export const checkinViewSchema = z.object({
  eligible: z.boolean(),
  deadline: z.string().nullable(),
  reasonNotEligible: z.enum(['notDelivered', 'windowClosed', 'alreadyCheckedIn']).optional(),
  checkin: z
    .object({
      checkedInAt: z.string(),
      checkedInBy: z.string(),
      lines: z.array(
        z.object({
          entryNumber: z.number().int(),
          productCode: z.string(),
          name: z.string(),
          deliveredQuantity: z.number().int(),
          receivedQuantity: z.number().int(),
          damagedQuantity: z.number().int(),
          reason: z.string().nullable(),
          note: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
  photos: z.array(z.object({ id: z.number().int(), entryNumber: z.number().int().nullable().default(null) })),
  creditRequest: creditRequestSummarySchema.nullable(),
});
export type CheckinView = z.infer<typeof checkinViewSchema>;

const checkedInSchema = z.object({ creditRequest: creditRequestSummarySchema.nullable() });
const photoSchema = z.object({ id: z.number().int() });

const base = (code: string) => `/users/current/orders/${encodeURIComponent(code)}/checkin`;

export const getCheckin = (code: string): Promise<ApiResult<CheckinView>> => apiRequest(checkinViewSchema, base(code));

export interface CheckinLine {
  entryNumber: number;
  receivedQuantity: number;
  damagedQuantity: number;
  reason: CheckinReason | null;
  note: string | null;
}

export const submitCheckin = (code: string, lines: CheckinLine[]) => apiRequest(checkedInSchema, base(code), { method: 'POST', body: { lines } });

/** One photo to the API as the one file of a multipart form (the API re-encodes it and drops its metadata). */
export async function uploadCheckinPhoto(code: string, bytes: Uint8Array<ArrayBuffer>, contentType: string, entryNumber: number | null): Promise<ApiResult<{ id: number }>> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: contentType }), 'photo');
  // The platform writes the multipart body and its boundary.
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const content = new Uint8Array(await encoded.arrayBuffer());
  const query = entryNumber === null ? '' : `?entryNumber=${entryNumber}`;
  return apiRequest(photoSchema, `${base(code)}/photos${query}`, { method: 'POST', raw: { content, contentType: encoded.headers.get('content-type') ?? 'multipart/form-data' } });
}

export const checkinPhoto = (code: string, id: number) => apiDownload(`${base(code)}/photos/${id}`, { accept: 'image/jpeg' });

/** Removes a photo while the check-in window is open. */
export const deleteCheckinPhoto = (code: string, id: number) => apiRequest(noContent, `${base(code)}/photos/${id}`, { method: 'DELETE' });

const dueSchema = z.object({
  deliveries: z.array(z.object({ code: z.string(), deliveryDate: z.string(), shipTo: z.object({ code: z.string(), name: z.string() }), deadline: z.string() })),
});
export type DueCheckin = z.infer<typeof dueSchema>['deliveries'][number];

/** Deliveries of the user's ship-tos waiting to be checked in, the soonest deadline first. */
export const getDueCheckins = (): Promise<ApiResult<z.infer<typeof dueSchema>>> => apiRequest(dueSchema, '/users/current/checkins/due');
