/** Refusals of acting for a customer (docs/assisted-service.md), as plain values; problem-answers.ts answers them. */
export type AssistedStartProblem =
  /** Unknown user, a ship-to the user does not hold, or a customer outside the operator's scope: all answered alike. */
  | { kind: 'userShipToNotFound'; username: string; shipTo: string }
  | { kind: 'userDisabled'; username: string }
  /** The operator's own token runs out now: a session could not outlive it. */
  | { kind: 'operatorTokenExpiring' };

export type ShipToUsersProblem = { kind: 'shipToNotFound'; code: string };

/** Only the operator who started a session, or an admin, may end it from the back office; anyone else sees none. */
export type AssistedEndProblem = { kind: 'sessionNotFound'; id: number };
