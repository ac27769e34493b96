'use server';

import { z } from 'zod';
import { adminCall } from '@/lib/admin/admin-client';
import { registrationSchema } from '@/lib/admin/registrations';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';

export interface DecisionState {
  message?: string;
  error?: string;
  /** The field the API named, so the message shows beside it. */
  field?: 'shipTos' | 'soldTo' | 'reason';
  /** The reason as typed, kept when it is refused. */
  reason?: string;
}

const id = z.coerce.number().int().min(1);
const approval = z.object({ id, soldTo: z.string().min(1).max(20), shipTos: z.array(z.string().min(1).max(20)), roles: z.array(z.enum(['approver', 'admin'])) });

const fieldOf = (subject: string | undefined): DecisionState['field'] =>
  subject === 'shipTos' || subject === 'soldTo' || subject === 'reason' ? subject : subject?.startsWith('shipTos') ? 'shipTos' : undefined;

/**
 * Links the request to a sold-to and ship-tos: the API creates the user and mails the invitation. The list is
 * not re-read at once, so the request stays on the page saying what was done; the next visit no longer lists it.
 */
export async function approveRegistration(_state: DecisionState, formData: FormData): Promise<DecisionState> {
  await requireOperator(SERVICE_ROLES);
  const parsed = approval.safeParse({ id: formData.get('id'), soldTo: formData.get('soldTo'), shipTos: formData.getAll('shipTos'), roles: formData.getAll('roles') });
  if (!parsed.success) return { error: 'Unknown request' };
  if (parsed.data.shipTos.length === 0) return { error: 'Choose at least one ship-to', field: 'shipTos' };
  const { id: requestId, ...body } = parsed.data;
  const result = await adminCall(registrationSchema, `/registrations/${requestId}/approval`, { method: 'POST', body });
  if (!result.ok) return { error: result.error.description, field: fieldOf(result.error.subject) };
  return { message: `Approved: ${result.data.email} is invited` };
}

/** Declines the request; the reason is e-mailed to the requester. */
export async function declineRegistration(_state: DecisionState, formData: FormData): Promise<DecisionState> {
  await requireOperator(SERVICE_ROLES);
  const reason = String(formData.get('reason') ?? '');
  const parsed = id.safeParse(formData.get('id'));
  if (!parsed.success) return { error: 'Unknown request' };
  if (!reason.trim()) return { error: 'Please give a reason', field: 'reason', reason };
  const result = await adminCall(registrationSchema, `/registrations/${parsed.data}/decline`, { method: 'POST', body: { reason } });
  if (!result.ok) return { error: result.error.description, field: fieldOf(result.error.subject), reason };
  return { message: `Declined: ${result.data.email} is told why` };
}
