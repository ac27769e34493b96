import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Principal } from '../auth/tokens';
import type { Range } from '../accounts/ship-tos';
import { shipToRanges, shipTos, userShipTos } from '../db/schema';
import { badRequest, notFound } from '../http/errors';

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

const shipToNotFound = (shipTo: string, range: Range) =>
  notFound('UnknownIdentifierError', 'shipTo', `Ship-to '${shipTo}' with sales organisation '${range}' not found`);

/**
 * Prices belong to the sold-to of a ship-to the signed-in user holds, in a range that ship-to orders.
 * Naming any other ship-to, or a sold-to that is not the ship-to's, answers 404 exactly like one that
 * does not exist (design §2); without a ship-to the catalogue is shown without prices (null here). This
 * part needs no database; the claim is then checked inside the statement that uses it (claimedSoldTo)
 * and against what that statement found (checkClaim).
 */
export function priceClaim(principal: Principal, input: ScopeInput): ShipToClaim | null {
  if (input.shipTo === undefined) {
    if (input.soldTo !== undefined) throw badRequest('soldTo', "Invalid query field 'soldTo': only valid together with shipTo");
    return null;
  }
  if (principal.kind !== 'user') throw shipToNotFound(input.shipTo, input.range);
  return { userId: principal.user.id, shipTo: input.shipTo, range: input.range, soldTo: input.soldTo };
}

/**
 * The sold-to of a ship-to the user names, as a scalar subquery for a statement to use: null unless the
 * user holds that ship-to and it orders `range` (a value, or a column such as the product's range). The
 * same rule as requireShipToScope (accounts/ship-tos.ts), written here so a catalogue answer checks it in
 * its own statement instead of a round trip before it; the isolation and scope tests hold both to it.
 */
export function claimedSoldTo(userId: number, shipTo: string, range: Range | SQLWrapper): SQL {
  return sql`(select ${shipTos.soldToCode} from ${userShipTos}
    join ${shipTos} on ${eq(shipTos.code, userShipTos.shipToCode)}
    join ${shipToRanges} on ${eq(shipToRanges.shipToCode, shipTos.code)}
    where ${and(eq(userShipTos.userId, userId), eq(userShipTos.shipToCode, shipTo), eq(shipToRanges.range, range))}
    limit 1)`;
}

/** The claim's sold-to as the statement found it, or the 404 of a ship-to (or sold-to) the user does not hold. */
export function checkClaim(claim: ShipToClaim, soldToCode: string | null): string {
  if (soldToCode === null) throw shipToNotFound(claim.shipTo, claim.range);
  if (claim.soldTo !== undefined && claim.soldTo !== soldToCode) {
    throw notFound('UnknownIdentifierError', 'soldTo', `Sold-to '${claim.soldTo}' not found for ship-to '${claim.shipTo}'`);
  }
  return soldToCode;
}
