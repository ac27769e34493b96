'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { submitCheckin } from '@/lib/commerce/checkin';
import { CHECKIN_REASONS } from '@/lib/commerce/checkin-labels';
import { errorText } from '@/lib/commerce/error-text';

/** What the check-in form gets back: the message and the field it is about (`lines.2.reason`), or a network failure. */
export type CheckinState =
  | { status: 'idle' }
  | { status: 'error'; message: string; subject?: string; at: number; network?: boolean; fieldErrors?: Record<string, string> };

const count = z.coerce.number({ message: 'Enter a number' }).int('Enter a whole number').min(0, 'Enter 0 or more').max(9999, 'Enter at most 9999');
const line = z.object({
  entryNumber: z.coerce.number().int().min(0),
  delivered: z.coerce.number().int().min(0),
  receivedQuantity: count,
  damagedQuantity: count,
  reason: z.union([z.enum(CHECKIN_REASONS), z.literal('')]).transform((value) => value || null),
  note: z
    .string()
    .trim()
    .max(500, 'Keep the note to 500 characters')
    .transform((value) => value || null),
});
const form = z.object({ orderCode: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'Reload the page and try again'), lines: z.array(line).max(500) });

/** Reads the form's numbered fields (`lines.0.receivedQuantity`, …) into lines in page order. */
function linesOf(data: FormData): unknown[] {
  const lines: Record<string, unknown>[] = [];
  for (const [name, value] of data.entries()) {
    const match = /^lines\.(\d{1,3})\.(entryNumber|delivered|receivedQuantity|damagedQuantity|reason|note)$/.exec(name);
    if (!match || typeof value !== 'string') continue;
    const index = Number(match[1]);
    lines[index] = { ...lines[index], [match[2] as string]: value };
  }
  return lines.filter(Boolean);
}

/**
 * "Send check-in": the lines as the page shows them go to the API in one call; the order page then shows what
 * was recorded and the credit request it made. A refusal comes back at the line and field it names.
 */
export async function checkinAction(_previous: CheckinState, data: FormData): Promise<CheckinState> {
  const parsed = form.safeParse({ orderCode: data.get('orderCode'), lines: linesOf(data) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { status: 'error', message: issue?.message ?? 'Check the form', subject: issue?.path.join('.'), at: Date.now() };
  }
  // Every line that differs without a reason is flagged at once, not one per attempt.
  const missing = parsed.data.lines.flatMap((line, index) => ((line.receivedQuantity < line.delivered || line.damagedQuantity > 0) && !line.reason ? [index] : []));
  if (missing.length > 0) {
    const fieldErrors = Object.fromEntries(missing.map((index) => [`lines.${index}.reason`, 'Choose a reason for what differs']));
    const message = missing.length === 1 ? 'Choose a reason for the line marked' : `Choose a reason for the ${missing.length} lines marked`;
    return { status: 'error', message, subject: 'lines', fieldErrors, at: Date.now() };
  }
  const result = await submitCheckin(
    parsed.data.orderCode,
    parsed.data.lines.map(({ delivered: _delivered, ...line }) => line),
  );
  if (!result.ok) {
    const network = result.error.type === 'FailedToFetch';
    return { status: 'error', message: errorText(result.error), subject: result.error.subject, at: Date.now(), ...(network ? { network } : {}) };
  }
  redirect(`/account/orders/${encodeURIComponent(parsed.data.orderCode)}/?checkedIn=1`);
}
