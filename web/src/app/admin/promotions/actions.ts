'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { AdminActionState } from '@/components/admin/admin-action-form';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { isPromotionField, PROMOTION_FIELDS, promotionFormSchema, promotionSchema, type PromotionField } from '@/lib/admin/promotion-schemas';

const ADMINS = ['admin'] as const;

export interface PromotionFormState {
  values?: Partial<Record<PromotionField, string>>;
  fieldErrors?: Partial<Record<PromotionField, string>>;
  error?: string;
}

/** Which promotion the form saves: a new one (its code typed in), or one read at `version`. */
const target = z.union([
  z.object({ mode: z.literal('create') }),
  z.object({ mode: z.literal('edit'), code: z.string().min(1).max(40), version: z.coerce.number().int().min(1) }),
]);

/** The API's "Invalid body field 'value': must be …" said as the field's own message: "Must be …". */
const fieldMessage = (message: string) => {
  const text = message.replace(/^Invalid \w+ field '[^']*': /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * Creates or changes a promotion: the form is checked here (a percentage, pounds, lists), then by the API,
 * whose refusal is shown next to the field it names; a change made meanwhile by someone else (409 on the
 * version) is said at the top. Saved, it goes back to the list, which says so.
 */
export async function savePromotionAction(_state: PromotionFormState, formData: FormData): Promise<PromotionFormState> {
  await requireOperator(ADMINS);
  const values = Object.fromEntries(PROMOTION_FIELDS.map((field) => [field, String(formData.get(field) ?? '')])) as Record<PromotionField, string>;
  const saving = target.safeParse({ mode: formData.get('mode'), code: formData.get('code'), version: formData.get('version') });
  if (!saving.success) return { values, error: 'Unknown promotion: reload the page' };
  const parsed = promotionFormSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: PromotionFormState['fieldErrors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isPromotionField(field) && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { values, fieldErrors };
  }
  const result =
    saving.data.mode === 'create'
      ? await adminCall(promotionSchema, '/promotions', { method: 'POST', body: { code: values.code, ...parsed.data } })
      : await adminCall(promotionSchema, `/promotions/${encodeURIComponent(saving.data.code)}`, { method: 'PUT', body: { version: saving.data.version, ...parsed.data } });
  if (!result.ok) {
    const field = result.error.subject?.split('.')[0];
    // In an edit the code is not a field to correct: a 409 there (ended meanwhile) is said at the top.
    if (isPromotionField(field) && !(saving.data.mode === 'edit' && field === 'code')) return { values, fieldErrors: { [field]: fieldMessage(result.error.description) } };
    return { values, error: result.error.description };
  }
  revalidatePath('/admin/promotions/');
  redirect(`/admin/promotions/?saved=${encodeURIComponent(result.data.code)}`);
}

const ending = z.object({ code: z.string().min(1).max(40) });

/** Ends a promotion now (asked once first): it stops applying to carts at once. */
export async function endPromotionAction(_state: AdminActionState, formData: FormData): Promise<AdminActionState> {
  await requireOperator(ADMINS);
  const parsed = ending.safeParse({ code: formData.get('code') });
  if (!parsed.success) return { error: 'Unknown promotion' };
  const result = await adminCall(promotionSchema, `/promotions/${encodeURIComponent(parsed.data.code)}/end`, { method: 'POST' });
  if (!result.ok) return { error: result.error.description };
  revalidatePath('/admin/promotions/');
  return { message: `${result.data.code} has ended` };
}
