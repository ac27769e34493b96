import { z } from 'zod';

/** The API's policy bounds (docs/people.md "Passwords"), checked here first so the message comes at once. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** Characters as people count them (code points), as the API counts them. */
const length = (value: string) => [...value].length;

export const newPassword = z
  .string()
  .refine((value) => length(value) > 0, 'Please enter a password')
  .refine((value) => length(value) === 0 || length(value) >= PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine((value) => length(value) <= PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

export const forgotSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email address').max(254, 'That email address is too long'),
});

export const resetSchema = z.object({ token: z.string().min(1).max(512), newPassword, email: z.string().max(254).optional() });

export const changeSchema = z.object({
  old: z.string().min(1, 'Please enter your current password').max(1024, 'That password is too long'),
  new: newPassword,
});

/** What /validatetoken answers for a link that works. */
export const validLink = z.object({ valid: z.literal(true), expiresAt: z.string(), purpose: z.string(), email: z.string().optional() });
export type ValidLink = z.infer<typeof validLink>;

/** The state of a password form: errors beside their fields, or one for the form, or done. */
export interface PasswordFormState {
  fieldErrors?: Partial<Record<'email' | 'newPassword' | 'old' | 'new', string>>;
  error?: string;
  done?: boolean;
  email?: string;
  /** The API could not be reached: the form shows the network toast and keeps what was typed. */
  network?: boolean;
}

/** The first message per field of a failed parse. */
export function fieldErrorsOf(error: z.ZodError): PasswordFormState['fieldErrors'] {
  const errors: PasswordFormState['fieldErrors'] = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'newPassword' || field === 'old' || field === 'new') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
