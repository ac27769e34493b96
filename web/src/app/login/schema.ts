import * as z from 'zod/mini';

/**
 * One schema for the sign-in form, checked in the browser and again by the Server Action (docs/storefront-requirements.md §5). zod/mini
 * keeps the sign-in page's script small (the same library, tree-shakable form).
 */
export const signInSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Please enter your email address'), z.maxLength(254, 'That email address is too long')),
  password: z.string().check(z.minLength(1, 'Please enter your password'), z.maxLength(1024, 'That password is too long')),
  next: z.optional(z.string().check(z.maxLength(2048))),
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignInFieldErrors = Partial<Record<'username' | 'password', string>>;

export interface SignInState {
  fieldErrors?: SignInFieldErrors;
  error?: { title: string; description: string };
  username?: string;
}

export function fieldErrorsOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): SignInFieldErrors {
  const errors: SignInFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
