'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { queuedOrderSchema } from '@/lib/commerce/approval-calls';
import { decidedQuery, decisionInput, decisionRefused, type DecisionState } from '@/lib/commerce/approvals';

/** An operator's decision on a held order no one at the company can decide (docs/approvals.md "Who decides"). */
export async function decideAsOperatorAction(_previous: DecisionState, form: FormData): Promise<DecisionState> {
  await requireOperator(SERVICE_ROLES);
  const input = decisionInput(form);
  if ('status' in input) return input;
  const { orderCode, ...body } = input;
  const result = await adminCall(queuedOrderSchema, `/approvals/${encodeURIComponent(orderCode)}/decision`, { method: 'POST', body });
  if (!result.ok) return decisionRefused(result.error);
  redirect(`/admin/approvals/?${decidedQuery(orderCode, body.decision)}`);
}

/** An operator's decision on a standing order no one at its company can decide. */
export async function decideStandingAsOperatorAction(_previous: DecisionState, form: FormData): Promise<DecisionState> {
  await requireOperator(SERVICE_ROLES);
  const input = decisionInput(form);
  if ('status' in input) return input;
  const { orderCode, ...body } = input;
  const result = await adminCall(z.object({ code: z.string() }), `/standingorderapprovals/${encodeURIComponent(orderCode)}/decision`, { method: 'POST', body });
  if (!result.ok) return decisionRefused(result.error);
  redirect(`/admin/approvals/?${decidedQuery(orderCode, body.decision, 'standing')}`);
}
