/** Why a token grant was refused, as plain values; `auth/problem-answers.ts` gives their OAuth answers. */
export type GrantProblem =
  | { kind: 'badCredentials' }
  /** The same for every name, known or not, once its tries are used up. */
  | { kind: 'locked' }
  /** Too many failed sign-ins from the caller's address, whatever the name. */
  | { kind: 'addressLimited'; retryAfterSeconds: number }
  /** `byCompany`: their own company's admin disabled them (the audit log's latest `user.disable`), not Meadowvale. */
  | { kind: 'userDisabled'; byCompany?: boolean }
  /** A user with no ship-to cannot shop: signing in would only lead to empty pages. */
  | { kind: 'accountNotConfigured' }
  | { kind: 'invalidRefreshToken' };

/** The caller's token belongs to no running session acting for a customer (docs/assisted-service.md). */
export type AssistedSessionProblem = { kind: 'sessionNotFound' };
