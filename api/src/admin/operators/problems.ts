/** Refusals of the operator invitations (docs/people.md "Operators") and a rep's assignments (docs/back-office.md), as plain values; `admin/operators/problem-answers.ts` answers them. */
export type OperatorProblem =
  | { kind: 'operatorNotFound'; id: number }
  | { kind: 'emailTaken'; email: string }
  /** An admin may not disable themselves: the back office would be left without the one who noticed. */
  | { kind: 'selfDisable' }
  | { kind: 'statusUnchangeable'; email: string; status: string; action: 'disable' | 'enable' }
  /** Only an operator who has not yet chosen a password can be sent an invitation. */
  | { kind: 'alreadyAccepted'; email: string }
  /** Only a `sales` operator is assigned sold-tos: the other roles see every customer already. */
  | { kind: 'notSales'; email: string; role: string }
  /** A sold-to named in an assignment that does not exist; `index` is its place in the list sent. */
  | { kind: 'soldToNotFound'; code: string; index: number };
