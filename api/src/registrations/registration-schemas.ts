import { z } from 'zod';

/**
 * What "Request an account" sends (POST /users). The storefront checks the same limits
 * (web/src/lib/people/registration-limits.ts); api/test/registrations-api.test.ts compares them.
 */
export const REGISTRATION_LIMITS = {
  email: 254,
  name: 100,
  companyName: 120,
  phone: 30,
  postcode: 10,
  message: 1000,
} as const;

const text = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

export const registrationBody = z.object({
  email: z
    .string()
    .trim()
    .max(REGISTRATION_LIMITS.email, `must be at most ${REGISTRATION_LIMITS.email} characters`)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address')
    .transform((value) => value.toLowerCase()),
  name: text(REGISTRATION_LIMITS.name),
  companyName: text(REGISTRATION_LIMITS.companyName),
  phone: z
    .string()
    .trim()
    .max(REGISTRATION_LIMITS.phone, `must be at most ${REGISTRATION_LIMITS.phone} characters`)
    .regex(/^\+?[0-9 ()-]{6,}$/, 'must be a telephone number'),
  postcode: z
    .string()
    .trim()
    .max(REGISTRATION_LIMITS.postcode, `must be at most ${REGISTRATION_LIMITS.postcode} characters`)
    .regex(/^[A-Za-z0-9 ]{2,}$/, 'must be a postcode'),
  message: z.string().trim().max(REGISTRATION_LIMITS.message, `must be at most ${REGISTRATION_LIMITS.message} characters`).default(''),
});
export type RegistrationInput = z.infer<typeof registrationBody>;

export const confirmationBody = z.object({ token: z.string().min(1, 'is required').max(200, 'must be at most 200 characters') });
