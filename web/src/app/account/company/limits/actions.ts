'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { addLimit, changeLimit, deleteLimit } from '@/lib/commerce/approval-calls';
import { limitBody, limitFormSchema, limitText, type LimitField } from '@/lib/commerce/approvals';
import { errorText } from '@/lib/commerce/error-text';
import type { AppError } from '@/lib/errors/app-error';

export type LimitFormState =
  | { status: 'idle' }
  | { status: 'done'; message: string; at: number }
  | { status: 'error'; message: string; field?: LimitField; network?: boolean; at: number };

const codeSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);

/** The form's field an API refusal is about (its `subject`), so the message is shown there. */
const FIELD_OF_SUBJECT: Record<string, LimitField> = { threshold: 'threshold', type: 'kind', periodRange: 'kind', shipTo: 'subject', user: 'subject' };

const refused = (error: AppError): LimitFormState =>
  error.type === 'FailedToFetch'
    ? { status: 'error', message: error.description, network: true, at: Date.now() }
    : { status: 'error', message: errorText(error), field: FIELD_OF_SUBJECT[error.subject ?? ''], at: Date.now() };

/** Adds a limit, or with `code` changes that one (docs/approvals.md "Limits"); refusals come back at their field. */
export async function saveLimitAction(_previous: LimitFormState, form: FormData): Promise<LimitFormState> {
  const input = limitFormSchema.safeParse({ kind: form.get('kind') ?? '', threshold: form.get('threshold') ?? '', subject: form.get('subject') ?? '' });
  if (!input.success) {
    const issue = input.error.issues[0];
    return { status: 'error', message: issue?.message ?? 'Check the form', field: issue?.path[0] as LimitField | undefined, at: Date.now() };
  }
  const rawCode = form.get('code');
  const code = rawCode ? codeSchema.safeParse(rawCode) : undefined;
  if (code && !code.success) return { status: 'error', message: 'Reload the page and try again', at: Date.now() };
  const body = limitBody(input.data);
  const result = code ? await changeLimit(code.data, body) : await addLimit(body);
  if (!result.ok) return refused(result.error);
  refresh();
  return { status: 'done', message: code ? `Limit changed to ${limitText(result.data)}.` : `Limit of ${limitText(result.data)} added.`, at: Date.now() };
}

export async function deleteLimitAction(_previous: LimitFormState, form: FormData): Promise<LimitFormState> {
  const code = codeSchema.safeParse(form.get('code'));
  if (!code.success) return { status: 'error', message: 'Reload the page and try again', at: Date.now() };
  const result = await deleteLimit(code.data);
  if (!result.ok) return refused(result.error);
  refresh();
  return { status: 'done', message: 'Limit deleted.', at: Date.now() };
}
