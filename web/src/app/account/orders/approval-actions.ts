'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { failed, failedWith, IDLE, type ActionState } from '@/lib/forms/action-state';
import { resubmitOrder } from '@/lib/commerce/approval-calls';
import { shopScope } from '@/lib/commerce/scope';

const resubmission = z.object({
  orderCode: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'Reload the page and try again'),
  deliveryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a delivery date'),
});

/** "Choose another date": an expired order goes back into approval for the date chosen (docs/approvals.md). */
export async function resubmitOrderAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const input = resubmission.safeParse({ orderCode: form.get('orderCode'), deliveryDate: form.get('deliveryDate') ?? '' });
  if (!input.success) return failed(input.error.issues[0]?.message ?? 'Check the form');
  const result = await resubmitOrder(await shopScope(), input.data.orderCode, input.data.deliveryDate);
  if (!result.ok) return failedWith(result.error);
  // The page refreshes into the order waiting for approval again, for its new date.
  refresh();
  return IDLE;
}
