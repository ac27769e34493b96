import { z } from 'zod';

/** One schema for the sign-in form, checked in the browser and again by the Server Action (spec §5). */
export const signInSchema = z.object({
  username: z.string().trim().min(1, 'Please enter your email address').max(254, 'That email address is too long'),
  password: z.string().min(1, 'Please enter your password').max(1024, 'That password is too long'),
  next: z.string().max(2048).optional(),
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignInFieldErrors = Partial<Record<'username' | 'password', string>>;

export interface SignInState {
  fieldErrors?: SignInFieldErrors;
  error?: { title: string; description: string };
  username?: string;
}

export function fieldErrorsOf(error: z.ZodError): SignInFieldErrors {
  const errors: SignInFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
