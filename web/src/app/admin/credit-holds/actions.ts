'use server';

import { redirect } from 'next/navigation';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { creditDecidedQuery, creditHoldDecidedSchema } from '@/lib/admin/credit-hold-schemas';
import { decisionInput, decisionRefused, type DecisionState } from '@/lib/commerce/approvals';

/** The credit team releases or rejects an order waiting for credit (docs/credit-control.md). */
export async function decideCreditHoldAction(_previous: DecisionState, form: FormData): Promise<DecisionState> {
  await requireOperator(SERVICE_ROLES);
  const input = decisionInput(form);
  if ('status' in input) return input;
  const { orderCode, decision, comment } = input;
  const body = { decision: decision === 'APPROVE' ? 'RELEASE' : 'REJECT', comment };
  const result = await adminCall(creditHoldDecidedSchema, `/credit-holds/${encodeURIComponent(orderCode)}/decision`, { method: 'POST', body });
  if (!result.ok) return decisionRefused(result.error);
  redirect(`/admin/credit-holds/?${creditDecidedQuery(orderCode, decision)}`);
}
