/** Refusals of a site's allergen profile, as plain values; `site-profile/problem-answers.ts` answers them. */
export type SiteProfileProblem =
  /** Neither one the user orders for nor one of a sold-to they run: exactly like a ship-to that does not exist. */
  | { kind: 'shipToNotFound'; shipTo: string }
  /** The user may read the profile but is not a company admin of the ship-to's sold-to. */
  | { kind: 'notCompanyAdmin'; shipTo: string };
