'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { AdminActionState } from '@/components/admin/admin-action-form';
import { adminCall } from '@/lib/admin/admin-client';
import { reminderSettingSchema, userStateSchema } from '@/lib/admin/admin-schemas';
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

export interface ReminderHoursState {
  /** What was typed, kept next to a refusal. */
  hours?: string;
  message?: string;
  error?: string;
}

const MAX_REMINDER_HOURS = 48;
const reminderInput = z.object({
  shipTo: z.string().min(1).max(20),
  intent: z.enum(['save', 'default']),
  hours: z.string().trim(),
});

/** Sets a ship-to's own cut-off reminder hours (0: none), or returns it to the default; the API audits it. */
export async function setReminderHours(_state: ReminderHoursState, formData: FormData): Promise<ReminderHoursState> {
  await requireOperator();
  const parsed = reminderInput.safeParse({ shipTo: formData.get('shipTo'), intent: formData.get('intent') ?? 'save', hours: formData.get('hours') ?? '' });
  if (!parsed.success) return { error: 'Unknown action' };
  const { shipTo, intent, hours: typed } = parsed.data;
  let hours: number | null = null;
  if (intent === 'save') {
    hours = /^\d{1,2}$/.test(typed) ? Number(typed) : NaN;
    if (!Number.isInteger(hours) || hours > MAX_REMINDER_HOURS) return { hours: typed, error: `Enter whole hours from 0 to ${MAX_REMINDER_HOURS} (0: no reminders)` };
  }
  const result = await adminCall(reminderSettingSchema, `/shiptos/${encodeURIComponent(shipTo)}/cutoffreminder`, { method: 'PUT', body: { hours } });
  if (!result.ok) return { hours: typed, error: result.error.description };
  revalidatePath('/admin/customers/');
  const { hours: saved, own } = result.data;
  const said = saved === 0 ? 'no reminders' : `${saved} h before the cut-off`;
  return { hours: String(saved), message: own ? `Saved: ${said}` : `Back to the default: ${said}` };
}
