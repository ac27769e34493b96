/** Refusals of the back office's decisions on registration requests; `admin/registrations/problem-answers.ts` answers them. */
export type RegistrationDecisionProblem =
  | { kind: 'registrationNotFound'; id: number }
  /** Only a confirmed request awaits a decision. */
  | { kind: 'registrationNotConfirmed'; id: number; status: string }
  | { kind: 'soldToNotFound'; soldTo: string }
  | { kind: 'shipToNotOfSoldTo'; shipTo: string; soldTo: string }
  /** The address became a user's since the request was made. */
  | { kind: 'addressTaken'; email: string };
