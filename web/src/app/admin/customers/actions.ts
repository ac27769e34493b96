'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { AdminActionState } from '@/components/admin/admin-action-form';
import { adminCall } from '@/lib/admin/admin-client';
import { userStateSchema } from '@/lib/admin/admin-schemas';
import { requireOperator } from '@/lib/admin/admin-session';

const input = z.object({ username: z.string().min(3).max(254), action: z.enum(['disable', 'enable', 'unlock']) });
const DONE = { disable: 'Disabled: they cannot sign in', enable: 'Enabled: they can sign in again', unlock: 'Unlocked: they can sign in again' } as const;

/** Disable, enable or unlock a customer user; the API checks the role and audits the change. */
export async function changeUserStatus(_state: AdminActionState, formData: FormData): Promise<AdminActionState> {
  await requireOperator();
  const parsed = input.safeParse({ username: formData.get('username'), action: formData.get('action') });
  if (!parsed.success) return { error: 'Unknown action' };
  const result = await adminCall(userStateSchema, `/users/${encodeURIComponent(parsed.data.username)}/${parsed.data.action}`, { method: 'POST' });
  if (!result.ok) return { error: result.error.description };
  revalidatePath('/admin/customers/');
  return { message: DONE[parsed.data.action] };
}
