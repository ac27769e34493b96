'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { errorText } from '@/lib/commerce/error-text';
import { reorder } from '@/lib/commerce/orders';
import { shopScope } from '@/lib/commerce/scope';

const codeSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);

export type ReorderAnswer =
  | { status: 'idle' }
  | { status: 'done'; added: number; notAdded: { productCode: string; name: string; message: string }[] }
  | { status: 'error'; message: string; network?: boolean };

/** The order's lines go into the current cart; lines that could not be added are reported, not dropped. */
export async function reorderAction(_previous: ReorderAnswer, form: FormData): Promise<ReorderAnswer> {
  const code = codeSchema.safeParse(form.get('orderCode'));
  if (!code.success) return { status: 'error', message: 'Reload the page and try again' };
  const result = await reorder(await shopScope(), code.data);
  if (!result.ok) return { status: 'error', message: errorText(result.error), network: result.error.type === 'FailedToFetch' };
  refresh();
  const notAdded = result.data.notAdded.map(({ productCode, name, message }) => ({ productCode, name, message }));
  return { status: 'done', added: result.data.added.length, notAdded };
}
