import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { AppError } from '../errors/app-error';
import { changeSchema, fieldErrorsOf, forgotSchema, resetSchema, type PasswordFormState } from './password-schemas';
import { changePassword, requestReset, resetPassword, type Audience } from './passwords';

const SIGN_IN_PAGES: Record<Audience, string> = { customer: '/login/', operator: '/admin/login/' };

const forwardedFor = async () => (await headers()).get('x-forwarded-for') ?? undefined;

/** A refusal as the form shows it: beside the field the API named, or above the form. */
function refusal(error: AppError, fields: Record<string, 'newPassword' | 'old' | 'new'>, kept: PasswordFormState = {}): PasswordFormState {
  if (error.type === 'FailedToFetch') return { ...kept, network: true };
  if (error.status === 429) return { ...kept, error: 'Too many requests. Please wait a minute and try again.' };
  const field = error.subject ? fields[error.subject] : undefined;
  if (field) return { ...kept, fieldErrors: { [field]: error.description } };
  return { ...kept, error: error.description };
}

/** "Forgot your password?": the same confirmation whatever the address, as the API answers the same. */
export async function forgotPasswordForm(audience: Audience, formData: FormData): Promise<PasswordFormState> {
  const email = String(formData.get('email') ?? '');
  const parsed = forgotSchema.safeParse({ email });
  if (!parsed.success) return { email, fieldErrors: fieldErrorsOf(parsed.error) };
  const answer = await requestReset(audience, parsed.data.email, await forwardedFor());
  if (!answer.ok) return refusal(answer.error, {}, { email });
  return { email: parsed.data.email, done: true };
}

/**
 * A new password through a reset or invitation link; then to sign-in, which says the password is set and has the
 * address filled in.
 */
export async function resetPasswordForm(audience: Audience, formData: FormData): Promise<PasswordFormState> {
  const parsed = resetSchema.safeParse({ token: formData.get('token') ?? '', newPassword: formData.get('newPassword') ?? '', email: formData.get('email') ?? undefined });
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return errors && Object.keys(errors).length > 0 ? { fieldErrors: errors } : { error: 'This link is invalid or has expired' };
  }
  const answer = await resetPassword(audience, parsed.data.token, parsed.data.newPassword);
  if (!answer.ok) return refusal(answer.error, { newPassword: 'newPassword' });
  const address = audience === 'customer' && parsed.data.email ? `&username=${encodeURIComponent(parsed.data.email)}` : '';
  redirect(`${SIGN_IN_PAGES[audience]}?passwordSet=1${address}`);
}

/** The signed-in customer's change of password. */
export async function changePasswordForm(formData: FormData): Promise<PasswordFormState> {
  const parsed = changeSchema.safeParse({ old: formData.get('old') ?? '', new: formData.get('new') ?? '' });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error) };
  const answer = await changePassword(parsed.data.old, parsed.data.new, await forwardedFor());
  if (!answer.ok) return refusal(answer.error, { old: 'old', new: 'new' });
  return { done: true };
}
