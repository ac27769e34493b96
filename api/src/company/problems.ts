/**
 * Why a company admin's change to their users was refused: plain values, answered over HTTP by
 * company/problem-answers.ts. A user, ship-to or sold-to outside the admin's sold-tos is exactly a missing one.
 */
export type CompanyProblem =
  | { kind: 'notCompanyAdmin' }
  | { kind: 'userNotFound'; uid: string }
  | { kind: 'shipToNotFound'; shipTo: string }
  | { kind: 'soldToNotFound'; soldTo: string }
  /** A role at a sold-to where the user has none of the ship-tos. */
  | { kind: 'roleWithoutShipTo'; soldTo: string }
  | { kind: 'roleNotHeld'; role: string; soldTo: string }
  | { kind: 'emailTaken'; email: string }
  | { kind: 'cannotDisableSelf' }
  | { kind: 'lastAdmin'; soldTo: string }
  | { kind: 'invitationAccepted'; uid: string }
  | { kind: 'userDisabled'; uid: string }
  /** Resent `limit` times within the window; the next may go in `retryAfterSeconds`. */
  | { kind: 'resendLimited'; uid: string; limit: number; retryAfterSeconds: number };

/** Why a site's "Allow substitutes" default was not read or changed (docs/substitutions.md). */
export type SiteSubstitutesProblem = { kind: 'shipToNotFound'; shipTo: string } | { kind: 'notCompanyAdmin'; shipTo: string };
