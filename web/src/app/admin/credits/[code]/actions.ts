'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { adminCreditRequestSchema, CREDIT_CODE, poundsToPence, type CreditDecisionBody } from '@/lib/commerce/credits';

export interface CreditDecisionState {
  error?: string;
  /** The field the API or the form refused, so the form can point at it. */
  field?: string;
}

const form = z.object({
  code: z.string().regex(CREDIT_CODE),
  status: z.enum(['accepted', 'partlyAccepted', 'rejected'], { message: 'Choose a decision' }),
  amount: z.string().max(20),
  note: z.string().max(1000, 'The note can be at most 1000 characters'),
  creditNoteNumber: z.string().max(40, 'The credit note number can be at most 40 characters'),
});

/**
 * An operator's decision on a credit request: the form's pounds become pence; the API checks the amount against
 * the request, records the decision and e-mails the buyer; the page then shows the decision.
 */
export async function decideCreditAction(_state: CreditDecisionState, formData: FormData): Promise<CreditDecisionState> {
  await requireOperator();
  const parsed = form.safeParse({
    code: formData.get('code'),
    status: formData.get('status') ?? '',
    amount: formData.get('amount') ?? '',
    note: formData.get('note') ?? '',
    creditNoteNumber: formData.get('creditNoteNumber') ?? '',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: issue?.message ?? 'Check the form', field: String(issue?.path[0] ?? '') };
  }
  const { code, status, amount, note, creditNoteNumber } = parsed.data;
  const body: CreditDecisionBody = { status };
  if (status === 'partlyAccepted') {
    const pence = poundsToPence(amount);
    if (pence === undefined) return { error: 'Enter the amount to credit in pounds and pence, for example 12.50', field: 'amount' };
    body.amount = pence;
  }
  if (note.trim()) body.note = note.trim();
  else if (status === 'rejected') return { error: 'A rejection needs a note for the customer', field: 'note' };
  if (creditNoteNumber.trim()) body.creditNoteNumber = creditNoteNumber.trim();
  const result = await adminCall(adminCreditRequestSchema, `/creditrequests/${encodeURIComponent(code)}/status`, { method: 'POST', body });
  if (!result.ok) return { error: result.error.description, field: result.error.subject };
  // The page comes back decided, with the news at the top: the form it was sent from is gone.
  redirect(`/admin/credits/${encodeURIComponent(code)}/?decided=${encodeURIComponent(result.data.status)}`);
}
