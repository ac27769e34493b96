'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { AdminActionState } from '@/components/admin/admin-action-form';
import { adminCall } from '@/lib/admin/admin-client';
import { minimumOrderSettingSchema, reminderSettingSchema, userStateSchema } from '@/lib/admin/admin-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';

const input = z.object({ username: z.string().min(3).max(254), action: z.enum(['disable', 'enable', 'unlock']) });
const DONE = { disable: 'Disabled: they cannot sign in', enable: 'Enabled: they can sign in again', unlock: 'Unlocked: they can sign in again' } as const;

/** Disable, enable or unlock a customer user; the API checks the role and audits the change. */
export async function changeUserStatus(_state: AdminActionState, formData: FormData): Promise<AdminActionState> {
  await requireOperator(SERVICE_ROLES);
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
  await requireOperator(SERVICE_ROLES);
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

export interface MinimumOrderState {
  /** What was typed, kept next to a refusal. */
  typed?: { minimum: string; below: string; charge: string };
  message?: string;
  error?: string;
}

const minimumInput = z.object({
  shipTo: z.string().min(1).max(20),
  range: z.enum(['CHIL', 'DAIR']),
  below: z.enum(['none', 'charge', 'refuse']),
  minimum: z.string().trim().max(20),
  charge: z.string().trim().max(20),
});

/** Pounds as typed ("150", "150.00", "£1,500") into whole pence above nothing, or null. */
function poundsToPence(typed: string): number | null {
  const match = /^£?(\d{1,3}(?:,\d{3})*|\d{1,6})(?:\.(\d{1,2}))?$/.exec(typed);
  if (!match?.[1]) return null;
  const pence = Number(match[1].replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pence > 0 ? pence : null;
}

const POUNDS = 'an amount in pounds above £0.00, e.g. 150.00';

/** Sets a ship-to's minimum order for a range (docs/minimum-order.md), or removes it; the API audits it. */
export async function setMinimumOrder(_state: MinimumOrderState, formData: FormData): Promise<MinimumOrderState> {
  await requireOperator(SERVICE_ROLES);
  const parsed = minimumInput.safeParse({
    shipTo: formData.get('shipTo'),
    range: formData.get('range'),
    below: formData.get('below'),
    minimum: formData.get('minimum') ?? '',
    charge: formData.get('charge') ?? '',
  });
  if (!parsed.success) return { error: 'Unknown action' };
  const { shipTo, range, below, minimum, charge } = parsed.data;
  const typed = { minimum, below, charge };
  let body: Record<string, unknown> = { minimumOrderPence: null };
  if (below !== 'none') {
    const minimumOrderPence = poundsToPence(minimum);
    if (minimumOrderPence === null) return { typed, error: `Minimum order: enter ${POUNDS}` };
    body = { minimumOrderPence, belowMinimum: below };
    if (below === 'charge') {
      const deliveryChargePence = poundsToPence(charge);
      if (deliveryChargePence === null) return { typed, error: `Delivery charge: enter ${POUNDS}` };
      body = { ...body, deliveryChargePence };
    }
  }
  const result = await adminCall(minimumOrderSettingSchema, `/shiptos/${encodeURIComponent(shipTo)}/ranges/${range}/minimumorder`, { method: 'PUT', body });
  if (!result.ok) return { typed, error: result.error.description };
  revalidatePath('/admin/customers/');
  const saved = result.data.minimumOrder;
  if (saved.minimumOrderPence === null) return { typed: { minimum: '', below: 'none', charge: '' }, message: `Saved: no minimum order for ${range}` };
  const pounds = (pence: number) => (pence / 100).toFixed(2);
  const savedTyped = { minimum: pounds(saved.minimumOrderPence), below: saved.belowMinimum ?? 'none', charge: saved.deliveryChargePence === null ? '' : pounds(saved.deliveryChargePence) };
  const said = saved.belowMinimum === 'charge' ? `a £${savedTyped.charge} delivery charge below £${savedTyped.minimum}` : `orders below £${savedTyped.minimum} refused`;
  return { typed: savedTyped, message: `Saved: ${said}` };
}
