'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { addLimit, changeLimit, deleteLimit } from '@/lib/commerce/approval-calls';
import { limitBody, limitChangeSchema, limitFormSchema, limitText, type LimitField } from '@/lib/commerce/approvals';
import { errorText } from '@/lib/commerce/error-text';
import type { AppError } from '@/lib/errors/app-error';

export type LimitFormState =
  | { status: 'idle' }
  | { status: 'done'; message: string; at: number }
  | { status: 'error'; message: string; field?: LimitField; network?: boolean; at: number };

const codeSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);

const FIELDS: readonly string[] = ['kind', 'threshold', 'subject'] satisfies LimitField[];

/** A form input that failed its check, said at the field it names. */
const invalid = (issue: z.core.$ZodIssue | undefined): LimitFormState => {
  const field = String(issue?.path[0] ?? '');
  return { status: 'error', message: issue?.message ?? 'Check the form', ...(FIELDS.includes(field) ? { field: field as LimitField } : {}), at: Date.now() };
};

/** The form's field an API refusal is about (its `subject`), so the message is shown there. */
const FIELD_OF_SUBJECT: Record<string, LimitField> = { threshold: 'threshold', type: 'kind', periodRange: 'kind', shipTo: 'subject', user: 'subject' };

const refused = (error: AppError): LimitFormState =>
  error.type === 'FailedToFetch'
    ? { status: 'error', message: error.description, network: true, at: Date.now() }
    : { status: 'error', message: errorText(error), field: FIELD_OF_SUBJECT[error.subject ?? ''], at: Date.now() };

/** Adds a limit (docs/approvals.md "Limits"); refusals come back at their field. */
export async function addLimitAction(_previous: LimitFormState, form: FormData): Promise<LimitFormState> {
  const input = limitFormSchema.safeParse({ kind: form.get('kind') ?? '', threshold: form.get('threshold') ?? '', subject: form.get('subject') ?? '' });
  if (!input.success) return invalid(input.error.issues[0]);
  const result = await addLimit(limitBody(input.data));
  if (!result.ok) return refused(result.error);
  refresh();
  return { status: 'done', message: `Limit of ${limitText(result.data)} added.`, at: Date.now() };
}

/** Changes a limit's amount, and a period limit's week or month; who it is for stays. */
export async function changeLimitAction(_previous: LimitFormState, form: FormData): Promise<LimitFormState> {
  const input = limitChangeSchema.safeParse({ code: form.get('code'), threshold: form.get('threshold') ?? '', kind: form.get('kind') ?? '' });
  if (!input.success) return invalid(input.error.issues[0]);
  const { code, threshold, kind } = input.data;
  const result = await changeLimit(code, { threshold, ...(kind === 'order' ? {} : { periodRange: kind }) });
  if (!result.ok) return refused(result.error);
  refresh();
  return { status: 'done', message: `Limit changed to ${limitText(result.data)}.`, at: Date.now() };
}

export async function deleteLimitAction(_previous: LimitFormState, form: FormData): Promise<LimitFormState> {
  const code = codeSchema.safeParse(form.get('code'));
  if (!code.success) return { status: 'error', message: 'Reload the page and try again', at: Date.now() };
  const result = await deleteLimit(code.data);
  if (!result.ok) return refused(result.error);
  refresh();
  return { status: 'done', message: 'Limit deleted.', at: Date.now() };
}
