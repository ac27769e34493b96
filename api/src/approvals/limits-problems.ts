/** Why a limit could not be listed, added, changed or removed (docs/approvals.md "Limits"). Plain values. */
export type LimitProblem =
  | { kind: 'notCompanyAdmin' }
  | { kind: 'limitNotFound'; code: string }
  | { kind: 'soldToNotFound'; soldTo: string }
  | { kind: 'shipToNotFound'; shipTo: string }
  | { kind: 'userNotFound'; user: string }
  | { kind: 'soldToNeeded'; user: string }
  | { kind: 'soldToMismatch'; shipTo: string; soldTo: string }
  | { kind: 'subjectMissing' }
  | { kind: 'subjectTwice' }
  | { kind: 'periodForShipToOnly' }
  | { kind: 'periodRangeMissing' }
  | { kind: 'periodRangeNotAllowed' }
  | { kind: 'limitExists'; code: string };
