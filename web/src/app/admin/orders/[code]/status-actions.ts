'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { adminCall } from '@/lib/admin/admin-client';
import { statusChangedSchema } from '@/lib/admin/orders-out-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { statusLabel } from '@/components/orders/order-status';

export interface StatusFormState {
  message?: string;
  error?: string;
  /** The field the API or the form refused, so the form can point at it. */
  field?: string;
}

const form = z.object({
  code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/),
  status: z.string().min(1, 'Choose the new status'),
  note: z.string().max(1000, 'The note can be at most 1000 characters'),
  withQuantities: z.enum(['yes', 'no']),
});
const quantity = z.coerce.number().int('Delivered quantities are whole cases').min(0, 'Delivered quantities cannot be negative');

/** The delivered-<entryNumber> fields of the form, as the API's lines. */
function deliveredLines(formData: FormData): { lines: { entryNumber: number; deliveredQuantity: number }[] } | { error: string } {
  const lines: { entryNumber: number; deliveredQuantity: number }[] = [];
  for (const [name, value] of formData.entries()) {
    const match = /^delivered-(\d+)$/.exec(name);
    if (!match) continue;
    const parsed = quantity.safeParse(typeof value === 'string' && value.trim() !== '' ? value : Number.NaN);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Enter the delivered quantity of every line' };
    lines.push({ entryNumber: Number(match[1]), deliveredQuantity: parsed.data });
  }
  return { lines };
}

/** An operator's status report: the API checks the move, records it with the note and tells the customer. */
export async function updateOrderStatus(_state: StatusFormState, formData: FormData): Promise<StatusFormState> {
  await requireOperator(SERVICE_ROLES);
  const parsed = form.safeParse({
    code: formData.get('code'),
    status: formData.get('status') ?? '',
    note: formData.get('note') ?? '',
    withQuantities: formData.get('withQuantities') ?? 'no',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: issue?.message ?? 'Check the form', field: String(issue?.path[0] ?? '') };
  }
  const { code, status, note, withQuantities } = parsed.data;
  const delivered = withQuantities === 'yes' ? deliveredLines(formData) : { lines: [] };
  if ('error' in delivered) return { error: delivered.error, field: 'lines' };
  const body = { status, ...(delivered.lines.length > 0 ? { lines: delivered.lines } : {}), ...(note.trim() ? { note: note.trim() } : {}) };
  const result = await adminCall(statusChangedSchema, `/orders/${encodeURIComponent(code)}/status`, { method: 'POST', body });
  if (!result.ok) return { error: result.error.description };
  revalidatePath(`/admin/orders/${encodeURIComponent(code)}/`);
  return { message: `Status is now ${statusLabel(result.data.status)}. The customer has been told by e-mail.` };
}
