'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { decideApproval } from '@/lib/commerce/approval-calls';
import { COMMENT_MAX, COMMENT_NEEDED } from '@/lib/commerce/approvals';
import { errorText } from '@/lib/commerce/error-text';

export type DecisionState =
  | { status: 'idle' }
  | { status: 'error'; message: string; field?: 'comment'; network?: boolean; at: number };


const decisionForm = z.object({
  orderCode: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
  decision: z.enum(['APPROVE', 'REJECT']),
  comment: z.string().trim().max(COMMENT_MAX, `A comment can be at most ${COMMENT_MAX} characters`),
});

/**
 * An approver's decision on a held order (docs/approvals.md): Approve places it, Reject needs a comment. The
 * queue then shows what was done at its top; a refusal (the cut-off passed, decided meanwhile) stays at the form.
 */
export async function decideAction(_previous: DecisionState, form: FormData): Promise<DecisionState> {
  const input = decisionForm.safeParse({ orderCode: form.get('orderCode'), decision: form.get('decision'), comment: form.get('comment') ?? '' });
  if (!input.success) {
    const issue = input.error.issues[0];
    return { status: 'error', message: issue?.path[0] === 'comment' ? issue.message : 'Reload the page and try again', field: issue?.path[0] === 'comment' ? 'comment' : undefined, at: Date.now() };
  }
  const { orderCode, decision, comment } = input.data;
  if (decision === 'REJECT' && comment === '') return { status: 'error', message: COMMENT_NEEDED, field: 'comment', at: Date.now() };
  const result = await decideApproval(orderCode, decision, comment);
  if (!result.ok) {
    const { error } = result;
    if (error.type === 'FailedToFetch') return { status: 'error', message: error.description, network: true, at: Date.now() };
    return { status: 'error', message: errorText(error), field: error.subject === 'comment' ? 'comment' : undefined, at: Date.now() };
  }
  redirect(`/account/approvals/?${new URLSearchParams({ decided: orderCode, decision: decision === 'APPROVE' ? 'approved' : 'rejected' })}`);
}
