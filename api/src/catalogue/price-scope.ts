import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/tokens';
import { requireShipToScope, type Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { shipToRanges, shipTos, userShipTos } from '../db/schema';
import { badRequest, notFound } from '../http/errors';

/** Whose prices a catalogue answer shows: a sold-to, or nobody (anonymous and client-credentials callers). */
export interface PriceScope {
  range: Range;
  soldToCode: string | null;
}

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
 * part needs no database; the claim is then checked by requireShipToScope or, inside the statement that
 * uses it, by claimedSoldTo and checkClaim.
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
 * The sold-to of the claimed ship-to, as a scalar subquery for a statement to use: null unless the user
 * holds that ship-to and it orders that range. The same rule as requireShipToScope (accounts/ship-tos.ts),
 * written here so a search checks it in its own statement instead of a round trip before it; the isolation
 * and scope tests hold both to it.
 */
export function claimedSoldTo(claim: ShipToClaim): SQL {
  return sql`(select ${shipTos.soldToCode} from ${userShipTos}
    join ${shipTos} on ${eq(shipTos.code, userShipTos.shipToCode)}
    join ${shipToRanges} on ${eq(shipToRanges.shipToCode, shipTos.code)}
    where ${and(eq(userShipTos.userId, claim.userId), eq(userShipTos.shipToCode, claim.shipTo), eq(shipToRanges.range, claim.range))}
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

/** The price scope of one request, checked with its own query (for answers that are not one statement). */
export async function resolvePriceScope(db: DbOrTx, principal: Principal, input: ScopeInput): Promise<PriceScope> {
  const claim = priceClaim(principal, input);
  if (claim === null) return { range: input.range, soldToCode: null };
  const scope = await requireShipToScope(db, claim.userId, claim.shipTo, claim.range);
  return { range: scope.range, soldToCode: checkClaim(claim, scope.soldToCode) };
}
