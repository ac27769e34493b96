'use server';

import { forgotPasswordForm } from '@/lib/passwords/password-forms';
import type { PasswordFormState } from '@/lib/passwords/password-schemas';

export async function forgotPassword(_previous: PasswordFormState, formData: FormData): Promise<PasswordFormState> {
  return forgotPasswordForm('operator', formData);
}
