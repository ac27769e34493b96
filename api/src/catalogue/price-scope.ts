import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Principal } from '../auth/tokens';
import type { Range } from '../accounts/ship-tos';
import { shipToRanges, shipTos, userShipTos } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import type { CatalogueProblem } from './problems';

export interface ScopeInput {
  range: Range;
  shipTo?: string;
  soldTo?: string;
}

/** A ship-to a signed-in user names for prices, not yet checked against the ship-tos they hold. */
export interface ShipToClaim {
  userId: number;
  shipTo: string;
  range: Range;
  soldTo: string | undefined;
}

/**
 * Prices belong to the sold-to of a ship-to the signed-in user holds, in a range that ship-to orders.
 * Naming any other ship-to, or a sold-to that is not the ship-to's, is refused exactly like one that
 * does not exist; without a ship-to the catalogue is shown without prices (null here). This
 * part needs no database; the claim is then checked inside the statement that uses it (claimedSoldTo)
 * and against what that statement found (checkClaim).
 */
export function priceClaim(principal: Principal, input: ScopeInput): Result<ShipToClaim | null, CatalogueProblem> {
  if (input.shipTo === undefined) return input.soldTo === undefined ? ok(null) : fail({ kind: 'soldToWithoutShipTo' });
  if (principal.kind !== 'user') return fail({ kind: 'shipToNotFound', shipTo: input.shipTo, range: input.range });
  return ok({ userId: principal.user.id, shipTo: input.shipTo, range: input.range, soldTo: input.soldTo });
}

/**
 * The sold-to of a ship-to the user names, as a scalar subquery for a statement to use: null unless the
 * user holds that ship-to and it orders `range` (a value, or a column such as the product's range). The
 * same rule as findShipToScope (accounts/ship-tos.ts), written here so a catalogue answer checks it in
 * its own statement instead of a round trip before it; the isolation and scope tests hold both to it.
 */
export function claimedSoldTo(userId: number, shipTo: string, range: Range | SQLWrapper): SQL {
  return sql`(select ${shipTos.soldToCode} from ${userShipTos}
    join ${shipTos} on ${eq(shipTos.code, userShipTos.shipToCode)}
    join ${shipToRanges} on ${eq(shipToRanges.shipToCode, shipTos.code)}
    where ${and(eq(userShipTos.userId, userId), eq(userShipTos.shipToCode, shipTo), eq(shipToRanges.range, range))}
    limit 1)`;
}

/** The claim's sold-to as the statement found it, or the problem of a ship-to (or sold-to) the user does not hold. */
export function checkClaim(claim: ShipToClaim, soldToCode: string | null): Result<string, CatalogueProblem> {
  if (soldToCode === null) return fail({ kind: 'shipToNotFound', shipTo: claim.shipTo, range: claim.range });
  if (claim.soldTo !== undefined && claim.soldTo !== soldToCode) return fail({ kind: 'soldToNotFound', soldTo: claim.soldTo, shipTo: claim.shipTo });
  return ok(soldToCode);
}
