/** Why a password was not set or changed, as plain values; `passwords/problem-answers.ts` answers them. */
export type PasswordProblem =
  | { kind: 'passwordTooShort'; minLength: number }
  | { kind: 'passwordTooLong'; maxLength: number }
  | { kind: 'passwordIsEmail' }
  /** On the lists of common and breached passwords, or too close to one (policy.ts). */
  | { kind: 'passwordTooCommon' }
  /** The password the account has now: a change must change it. */
  | { kind: 'passwordUnchanged' };

/** Why a reset or invitation link was not honoured: unknown, used, expired, or its holder may no longer sign in. */
export type TokenProblem = { kind: 'tokenInvalid' };

/** Why a signed-in user's password was not changed. */
export type ChangePasswordProblem =
  | PasswordProblem
  | { kind: 'wrongPassword' }
  /** The current password's tries are used up (auth/sign-in-limits.ts), as at sign-in. */
  | { kind: 'locked' }
  | { kind: 'addressLimited'; retryAfterSeconds: number };

export type ResetPasswordProblem = PasswordProblem | TokenProblem;
