'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { adminCreditRequestSchema, CREDIT_CODE, type CreditDecisionBody } from '@/lib/commerce/credits';

export interface CreditDecisionState {
  error?: string;
  /** The field the API or the form refused (`credited.<entry>` for a line's cases), so the form can point at it. */
  field?: string;
}

const form = z.object({
  code: z.string().regex(CREDIT_CODE),
  status: z.enum(['accepted', 'partlyAccepted', 'rejected'], { message: 'Choose a decision' }),
  note: z.string().max(1000, 'The note can be at most 1000 characters'),
  creditNoteNumber: z.string().max(40, 'The credit note number can be at most 40 characters'),
});

const CASES_FIELD = /^credited\.(\d{1,5})$/;

/** The cases credited per line, in the form's order; the first that is not a whole number is refused. */
function casesCredited(formData: FormData): { lines: NonNullable<CreditDecisionBody['lines']> } | CreditDecisionState {
  const lines: NonNullable<CreditDecisionBody['lines']> = [];
  for (const [name, value] of formData.entries()) {
    const entry = CASES_FIELD.exec(name)?.[1];
    if (entry === undefined) continue;
    const text = typeof value === 'string' ? value.trim() : '';
    if (!/^\d{1,4}$/.test(text)) return { error: 'Enter a whole number of cases, 0 or more', field: name };
    lines.push({ entryNumber: Number(entry), creditedQuantity: Number(text) });
  }
  return { lines };
}

/** The API names a line by its place in what was sent (`lines.0.creditedQuantity`); the form by its entry. */
function formField(subject: string | undefined, lines: CreditDecisionBody['lines']): string | undefined {
  const index = /^lines\.(\d+)\./.exec(subject ?? '')?.[1];
  const line = index === undefined ? undefined : lines?.[Number(index)];
  return line ? `credited.${line.entryNumber}` : subject;
}

/**
 * An operator's decision on a credit request: a part is the cases credited per line, from which the API works out
 * the amount; it checks them against the request, records the decision and e-mails the buyer; the page then shows
 * the decision.
 */
export async function decideCreditAction(_state: CreditDecisionState, formData: FormData): Promise<CreditDecisionState> {
  await requireOperator(SERVICE_ROLES);
  const parsed = form.safeParse({
    code: formData.get('code'),
    status: formData.get('status') ?? '',
    note: formData.get('note') ?? '',
    creditNoteNumber: formData.get('creditNoteNumber') ?? '',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: issue?.message ?? 'Check the form', field: String(issue?.path[0] ?? '') };
  }
  const { code, status, note, creditNoteNumber } = parsed.data;
  const body: CreditDecisionBody = { status };
  if (status === 'partlyAccepted') {
    const credited = casesCredited(formData);
    if (!('lines' in credited)) return credited;
    body.lines = credited.lines;
  }
  if (note.trim()) body.note = note.trim();
  else if (status === 'rejected') return { error: 'A rejection needs a note for the customer', field: 'note' };
  if (creditNoteNumber.trim()) body.creditNoteNumber = creditNoteNumber.trim();
  const result = await adminCall(adminCreditRequestSchema, `/creditrequests/${encodeURIComponent(code)}/status`, { method: 'POST', body });
  if (!result.ok) return { error: result.error.description, field: formField(result.error.subject, body.lines) };
  // The page comes back decided, with the news at the top: the form it was sent from is gone.
  redirect(`/admin/credits/${encodeURIComponent(code)}/?decided=${encodeURIComponent(result.data.status)}`);
}
