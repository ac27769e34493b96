'use server';

import { refresh, revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { done, failed, failedWith, type ActionState } from '@/lib/forms/action-state';
import { changeOrgUser, inviteOrgUser, resendInvitation } from '@/lib/commerce/company';
import { errorText } from '@/lib/commerce/error-text';
import type { AppError } from '@/lib/errors/app-error';
import { poundsToPence, userFieldOf, userFormErrors, type UserFormState, type UserFormValues } from '@/lib/commerce/user-form-schema';

const LIST = '/account/company/users/';
const uidSchema = z.string().min(1).max(254);

function valuesOf(form: FormData): UserFormValues {
  const soldTos = form.getAll('soldTos').map(String);
  return {
    email: String(form.get('email') ?? ''),
    name: String(form.get('name') ?? ''),
    shipTos: form.getAll('shipTos').map(String),
    roles: Object.fromEntries(soldTos.map((soldTo) => [soldTo, form.getAll(`role:${soldTo}`).map(String)])),
    orderLimit: String(form.get('orderLimit') ?? ''),
  };
}

const rolesOf = (values: UserFormValues) => Object.entries(values.roles).map(([soldTo, roles]) => ({ soldTo, roles }));

function refusedBy(error: AppError, values: UserFormValues): UserFormState {
  return { status: 'error', values, errors: { [userFieldOf(error.subject)]: errorText(error) }, at: Date.now(), network: error.type === 'FailedToFetch' };
}

/** Invites a user to some of the admin's accounts; the form empties for the next one. */
export async function inviteUserAction(_previous: UserFormState, form: FormData): Promise<UserFormState> {
  const values = valuesOf(form);
  const errors = userFormErrors(values, true);
  if (Object.keys(errors).length > 0) return { status: 'error', values, errors, at: Date.now() };
  const email = values.email.trim();
  const result = await inviteOrgUser({ email, name: values.name.trim(), shipTos: values.shipTos, roles: rolesOf(values), orderLimit: poundsToPence(values.orderLimit) ?? null });
  if (!result.ok) return refusedBy(result.error, values);
  revalidatePath(LIST);
  refresh();
  return { status: 'done', message: `Invitation sent to ${result.data.email}`, at: Date.now() };
}

/** Saves a user's accounts, roles and order limit, then back to the list. */
export async function changeUserAction(_previous: UserFormState, form: FormData): Promise<UserFormState> {
  const values = valuesOf(form);
  const uid = uidSchema.safeParse(form.get('uid'));
  if (!uid.success) return { status: 'error', values, errors: { form: 'Reload the page and try again' }, at: Date.now() };
  const errors = userFormErrors(values, false);
  if (Object.keys(errors).length > 0) return { status: 'error', values, errors, at: Date.now() };
  const result = await changeOrgUser(uid.data, { shipTos: values.shipTos, roles: rolesOf(values), orderLimit: poundsToPence(values.orderLimit) ?? null });
  if (!result.ok) return refusedBy(result.error, values);
  revalidatePath(LIST);
  redirect(`${LIST}?changed=${encodeURIComponent(result.data.uid)}`);
}

/** Disables (ending the user's sessions at once) or enables a user. */
export async function userStatusAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const uid = uidSchema.safeParse(form.get('uid'));
  const active = z.enum(['true', 'false']).safeParse(form.get('active'));
  if (!uid.success || !active.success) return failed('Reload the page and try again');
  const result = await changeOrgUser(uid.data, { active: active.data === 'true' });
  if (!result.ok) return failedWith(result.error);
  // Taken out of the admin's accounts, the user leaves the list with their card: the list itself says so.
  if (result.data.removed) {
    revalidatePath(LIST);
    redirect(`${LIST}?removed=${encodeURIComponent(result.data.uid)}`);
  }
  refresh();
  return done(active.data === 'true' ? `${result.data.name} can sign in again` : `${result.data.name} is disabled and signed out`);
}

/** Sends a new invitation link; the old one stops working. */
export async function resendInvitationAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const uid = uidSchema.safeParse(form.get('uid'));
  if (!uid.success) return failed('Reload the page and try again');
  const result = await resendInvitation(uid.data);
  if (!result.ok) return failedWith(result.error);
  refresh();
  return done(`A new invitation was sent to ${result.data.email}`);
}
