/** Refusals of the registration requests, as plain values; `registrations/problem-answers.ts` answers them. */
export type RegistrationProblem =
  /** The confirmation link is unknown, used or expired: one answer for all three. */
  { kind: 'confirmationInvalid' };
