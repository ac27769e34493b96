'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { AdminActionState } from '@/components/admin/admin-action-form';
import { adminCall } from '@/lib/admin/admin-client';
import { customerListSchema } from '@/lib/admin/admin-schemas';
import { assignedSoldTosSchema, inviteOperatorSchema, operatorEntrySchema, type SoldToChoice } from '@/lib/admin/operator-schemas';
import { requireOperator } from '@/lib/admin/admin-session';

const ADMINS = ['admin'] as const;

export interface InviteOperatorState {
  values?: { email: string; name: string; role: string };
  fieldErrors?: { email?: string; name?: string; role?: string };
  error?: string;
  message?: string;
}

const FIELDS = ['email', 'name', 'role'] as const;
const isField = (value: unknown): value is (typeof FIELDS)[number] => (FIELDS as readonly unknown[]).includes(value);

/** Invites an operator: the API creates them without a password and mails a link to choose one. */
export async function inviteOperatorAction(_state: InviteOperatorState, formData: FormData): Promise<InviteOperatorState> {
  await requireOperator(ADMINS);
  const values = { email: String(formData.get('email') ?? ''), name: String(formData.get('name') ?? ''), role: String(formData.get('role') ?? '') };
  const parsed = inviteOperatorSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: InviteOperatorState['fieldErrors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field) && !fieldErrors[field]) fieldErrors[field] = field === 'role' ? 'Choose a role' : issue.message;
    }
    return { values, fieldErrors };
  }
  const result = await adminCall(operatorEntrySchema, '/operators', { method: 'POST', body: parsed.data });
  if (!result.ok) {
    const field = result.error.subject;
    if (isField(field)) return { values, fieldErrors: { [field]: result.error.description } };
    return { values, error: result.error.description };
  }
  revalidatePath('/admin/operators/');
  return { message: `Invitation sent to ${result.data.email}` };
}

const change = z.object({ id: z.coerce.number().int().min(1), action: z.enum(['disable', 'enable', 'invitation']) });
const DONE = {
  disable: 'Disabled: signed out, and their links no longer work',
  enable: 'Enabled: they can sign in again',
  invitation: 'Invitation sent again: the earlier link no longer works',
} as const;

/** Disable, enable, or resend an invitation; the API checks the role and audits the change. */
export async function changeOperatorAction(_state: AdminActionState, formData: FormData): Promise<AdminActionState> {
  await requireOperator(ADMINS);
  const parsed = change.safeParse({ id: formData.get('id'), action: formData.get('action') });
  if (!parsed.success) return { error: 'Unknown action' };
  const { id, action } = parsed.data;
  const result = await adminCall(operatorEntrySchema, `/operators/${id}/${action}`, { method: 'POST' });
  if (!result.ok) return { error: result.error.description };
  revalidatePath('/admin/operators/');
  return { message: DONE[action] };
}

export interface FindSoldTosState {
  q?: string;
  found?: SoldToChoice[];
  /** More match than are shown: the rest need a narrower search. */
  more?: boolean;
  error?: string;
}

const FOUND_AT_ONCE = 10;

/** Customers (sold-tos) by code, name, ship-to or user, to assign to a rep: the customers page's search. */
export async function findSoldTosAction(_state: FindSoldTosState, formData: FormData): Promise<FindSoldTosState> {
  await requireOperator(ADMINS);
  const q = String(formData.get('q') ?? '').trim().slice(0, 100);
  if (!q) return { q, error: 'Type a name or code to find a customer' };
  const result = await adminCall(customerListSchema, '/customers', { query: { q, pageSize: FOUND_AT_ONCE } });
  if (!result.ok) return { q, error: result.error.description };
  return { q, found: result.data.soldTos.map(({ code, name }) => ({ code, name })), more: result.data.hasMore };
}

const assignment = z.object({
  id: z.coerce.number().int().min(1),
  soldTos: z.array(z.string().min(1).max(20)).max(5_000),
  change: z.enum(['assign', 'remove']),
  name: z.string().max(120),
});

/** Assigns a customer to a rep or takes one away: the whole new list goes to the API, which audits the change. */
export async function assignSoldTosAction(_state: AdminActionState, formData: FormData): Promise<AdminActionState> {
  await requireOperator(ADMINS);
  const parsed = assignment.safeParse({ id: formData.get('id'), soldTos: formData.getAll('soldTo'), change: formData.get('change'), name: formData.get('name') ?? '' });
  if (!parsed.success) return { error: 'Unknown action' };
  const { id, soldTos, change, name } = parsed.data;
  const result = await adminCall(assignedSoldTosSchema, `/operators/${id}/soldtos`, { method: 'PUT', body: { soldTos } });
  if (!result.ok) return { error: result.error.description };
  revalidatePath('/admin/operators/');
  return { message: change === 'assign' ? `Assigned ${name} to ${result.data.name}` : `Removed ${name} from ${result.data.name}` };
}
