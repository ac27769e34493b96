'use server';

import { resetPasswordForm } from '@/lib/passwords/password-forms';
import type { PasswordFormState } from '@/lib/passwords/password-schemas';

export async function resetPassword(_previous: PasswordFormState, formData: FormData): Promise<PasswordFormState> {
  return resetPasswordForm('customer', formData);
}
