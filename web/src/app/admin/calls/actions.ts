'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { adminCall } from '@/lib/admin/admin-client';
import { CALL_OUTCOMES, callBackInstant, outcomeText, recordedOutcomeSchema } from '@/lib/admin/calls';
import { requireOperator } from '@/lib/admin/admin-session';

export interface OutcomeState {
  message?: string;
  error?: string;
  /** What was typed, kept next to a refusal. */
  typed?: { outcome: string; time: string; note: string };
}

const NOTE_MAX = 500;
const input = z.object({
  shipTo: z.string().min(1).max(20),
  range: z.enum(['CHIL', 'DAIR']),
  deliveryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  cutoff: z.string().min(20).max(40),
  outcome: z.string(),
  time: z.string().trim(),
  note: z.string().trim(),
});

/** Records what came of a call on the call list; the API checks the operator's customers and audits it. */
export async function recordOutcome(_state: OutcomeState, formData: FormData): Promise<OutcomeState> {
  await requireOperator();
  const parsed = input.safeParse({
    shipTo: formData.get('shipTo'),
    range: formData.get('range'),
    deliveryDate: formData.get('deliveryDate'),
    cutoff: formData.get('cutoff'),
    outcome: formData.get('outcome') ?? '',
    time: formData.get('time') ?? '',
    note: formData.get('note') ?? '',
  });
  if (!parsed.success) return { error: 'Unknown action' };
  const { shipTo, range, deliveryDate, cutoff, outcome, time, note } = parsed.data;
  const typed = { outcome, time, note };
  const chosen = CALL_OUTCOMES.find((one) => one === outcome);
  if (!chosen) return { typed, error: 'Choose what came of the call' };
  if (note.length > NOTE_MAX) return { typed, error: `The note may be at most ${NOTE_MAX} characters` };
  let callBackAt: string | undefined;
  if (chosen === 'callBack') {
    callBackAt = callBackInstant(time, cutoff) ?? undefined;
    if (!callBackAt) return { typed, error: 'Enter the time to call back, e.g. 14:30' };
  }
  const body = { shipTo, range, deliveryDate, outcome: chosen, ...(callBackAt ? { callBackAt } : {}), ...(note ? { note } : {}) };
  const result = await adminCall(recordedOutcomeSchema, '/calls/outcomes', { method: 'POST', body });
  if (!result.ok) return { typed, error: result.error.description };
  revalidatePath('/admin/calls/');
  return { message: `Saved: ${outcomeText(result.data)}` };
}
