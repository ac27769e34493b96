/** Why an operator was not signed in, as plain values; `admin/problem-answers.ts` answers them. */
export type OperatorSignInProblem =
  | { kind: 'badCredentials' }
  | { kind: 'locked' }
  | { kind: 'disabled' }
  /** Too many failed tries from the caller's address, whatever the account. */
  | { kind: 'addressLimited'; retryAfterSeconds: number };
