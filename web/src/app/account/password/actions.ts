'use server';

import { changePasswordForm } from '@/lib/passwords/password-forms';
import type { PasswordFormState } from '@/lib/passwords/password-schemas';

export async function changePassword(_previous: PasswordFormState, formData: FormData): Promise<PasswordFormState> {
  return changePasswordForm(formData);
}
