'use server';

import { redirect } from 'next/navigation';
import { decideApproval, decideStandingApproval } from '@/lib/commerce/approval-calls';
import { decidedQuery, decisionInput, decisionRefused, type DecisionState } from '@/lib/commerce/approvals';

/**
 * An approver's decision on a held order (docs/approvals.md): Approve places it, Reject needs a comment. The
 * queue then shows what was done at its top; a refusal (the cut-off passed, decided meanwhile) stays at the form.
 */
export async function decideAction(_previous: DecisionState, form: FormData): Promise<DecisionState> {
  const input = decisionInput(form);
  if ('status' in input) return input;
  const { orderCode, ...body } = input;
  const result = await decideApproval(orderCode, body);
  if (!result.ok) return decisionRefused(result.error);
  redirect(`/account/approvals/?${decidedQuery(orderCode, body.decision)}`);
}

/** An approver's decision on a standing order waiting for approval (docs/approvals.md "Standing orders"). */
export async function decideStandingAction(_previous: DecisionState, form: FormData): Promise<DecisionState> {
  const input = decisionInput(form);
  if ('status' in input) return input;
  const { orderCode, ...body } = input;
  const result = await decideStandingApproval(orderCode, body);
  if (!result.ok) return decisionRefused(result.error);
  redirect(`/account/approvals/?${decidedQuery(orderCode, body.decision, 'standing')}`);
}
