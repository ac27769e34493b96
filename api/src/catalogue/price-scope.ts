import type { Principal } from '../auth/tokens';
import { requireShipToScope, type Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
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

/**
 * Prices belong to the sold-to of a ship-to the signed-in user holds, in a range that ship-to orders.
 * Naming any other ship-to, or a sold-to that is not the ship-to's, answers 404 exactly like one that
 * does not exist (design §2); without a ship-to the catalogue is shown without prices.
 */
export async function resolvePriceScope(db: DbOrTx, principal: Principal, input: ScopeInput): Promise<PriceScope> {
  if (input.shipTo === undefined) {
    if (input.soldTo !== undefined) throw badRequest('soldTo', "Invalid query field 'soldTo': only valid together with shipTo");
    return { range: input.range, soldToCode: null };
  }
  if (principal.kind !== 'user') {
    throw notFound('UnknownIdentifierError', 'shipTo', `Ship-to '${input.shipTo}' with sales organisation '${input.range}' not found`);
  }
  const scope = await requireShipToScope(db, principal.user.id, input.shipTo, input.range);
  if (input.soldTo !== undefined && input.soldTo !== scope.soldToCode) {
    throw notFound('UnknownIdentifierError', 'soldTo', `Sold-to '${input.soldTo}' not found for ship-to '${input.shipTo}'`);
  }
  return { range: scope.range, soldToCode: scope.soldToCode };
}
