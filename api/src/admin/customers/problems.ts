/** Refusals of the back office's customer use cases, as plain values; `admin/problem-answers.ts` answers them. */
export type CustomerProblem =
  | { kind: 'userNotFound'; username: string }
  /** The move is not allowed from the user's current status (disable a disabled user, enable an active one). */
  | { kind: 'statusUnchangeable'; username: string; status: string; action: 'disable' | 'enable' }
  /** A minimum order for a ship-to that does not order that range (or does not exist). */
  | { kind: 'shipToRangeNotFound'; shipTo: string; range: string };
