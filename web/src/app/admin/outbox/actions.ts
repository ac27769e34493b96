'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { AdminActionState } from '@/components/admin/admin-action-form';
import { adminCall } from '@/lib/admin/admin-client';
import { retriedSchema } from '@/lib/admin/orders-out-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';

const input = z.object({ id: z.coerce.number().int().min(1) });

/** "Retry now" for an event that keeps failing: it is due at once instead of at the end of its backoff. */
export async function retryOutboxMessage(_state: AdminActionState, formData: FormData): Promise<AdminActionState> {
  await requireOperator(SERVICE_ROLES);
  const parsed = input.safeParse({ id: formData.get('id') });
  if (!parsed.success) return { error: 'Unknown message' };
  const result = await adminCall(retriedSchema, `/outbox/${parsed.data.id}/retry`, { method: 'POST' });
  if (!result.ok) return { error: result.error.description };
  revalidatePath('/admin/outbox/');
  return { message: 'Retrying now' };
}
