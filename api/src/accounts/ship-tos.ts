import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { shipToRanges, shipTos, userShipTos } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import type { AccountProblem } from './problems';

export const RANGES = ['CHIL', 'DAIR'] as const;
export type Range = (typeof RANGES)[number];

export interface UserShipTo {
  code: string;
  name: string;
  soldTo: string;
  addressLine1: string;
  town: string;
  postcode: string;
  cutoffTime: string;
  purchaseOrderRequired: boolean;
  ranges: { code: Range; deliveryWeekdays: number[] }[];
}

/** The ship-tos a user holds, in their set order, each with its ranges. */
export async function listUserShipTos(db: DbOrTx, userId: number): Promise<UserShipTo[]> {
  const rows = await db
    .select({ shipTo: shipTos, position: userShipTos.position })
    .from(userShipTos)
    .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
    .where(eq(userShipTos.userId, userId))
    .orderBy(asc(userShipTos.position), asc(shipTos.code));
  if (rows.length === 0) return [];
  const codes = rows.map((r) => r.shipTo.code);
  const ranges = await db
    .select()
    .from(shipToRanges)
    .where(inArray(shipToRanges.shipToCode, codes))
    .orderBy(asc(shipToRanges.position), asc(shipToRanges.range));
  return rows.map(({ shipTo }) => ({
    code: shipTo.code,
    name: shipTo.name,
    soldTo: shipTo.soldToCode,
    addressLine1: shipTo.addressLine1,
    town: shipTo.town,
    postcode: shipTo.postcode,
    cutoffTime: shipTo.cutoffTime,
    purchaseOrderRequired: shipTo.purchaseOrderRequired,
    ranges: ranges
      .filter((r) => r.shipToCode === shipTo.code)
      .map((r) => ({ code: r.range as Range, deliveryWeekdays: r.deliveryWeekdays })),
  }));
}

export interface ShipToScope {
  shipToCode: string;
  shipToName: string;
  soldToCode: string;
  range: Range;
  cutoffTime: string;
  purchaseOrderRequired: boolean;
  deliveryWeekdays: number[];
  /** The default of a new cart line's "Allow a substitute" (docs/substitutions.md). */
  allowSubstitutes: boolean;
  /** The ship-to's minimum order for the range, net pence, and what an order below it gets (docs/minimum-order.md). */
  minimumOrderPence: number | null;
  belowMinimum: 'charge' | 'refuse' | null;
  deliveryChargePence: number | null;
}

/** The columns of a ShipToScope, for every query that joins a ship-to and one of its ranges. */
export const shipToScopeColumns = {
  shipToCode: shipTos.code,
  shipToName: shipTos.name,
  soldToCode: shipTos.soldToCode,
  range: shipToRanges.range,
  cutoffTime: shipTos.cutoffTime,
  purchaseOrderRequired: shipTos.purchaseOrderRequired,
  deliveryWeekdays: shipToRanges.deliveryWeekdays,
  allowSubstitutes: shipTos.allowSubstitutes,
  // Read with the scope every cart and checkout already reads: the minimum costs no statement of its own.
  minimumOrderPence: shipToRanges.minimumOrderPence,
  belowMinimum: shipToRanges.belowMinimum,
  deliveryChargePence: shipToRanges.deliveryChargePence,
};

function scopeQuery(db: DbOrTx) {
  return db
    .select(shipToScopeColumns)
    .from(userShipTos)
    .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
    .innerJoin(shipToRanges, eq(shipToRanges.shipToCode, shipTos.code))
    .where(
      and(
        eq(userShipTos.userId, sql.placeholder('userId')),
        eq(userShipTos.shipToCode, sql.placeholder('shipToCode')),
        eq(shipToRanges.range, sql.placeholder('range')),
      ),
    )
    .limit(1)
    .prepare('ship_to_scope');
}

/** Every catalogue, cart and order request checks its scope: the statement is built once per database handle. */
const scopeQueries = new WeakMap<DbOrTx, ReturnType<typeof scopeQuery>>();

/**
 * The ship-to and range a request names, if the user holds that ship-to and it has that range, in one
 * query. Anything else is `shipToNotFound`, exactly as for a ship-to that does not exist.
 */
export async function findShipToScope(
  db: DbOrTx,
  userId: number,
  shipToCode: string,
  range: string,
): Promise<Result<ShipToScope, AccountProblem>> {
  let query = scopeQueries.get(db);
  if (!query) {
    query = scopeQuery(db);
    scopeQueries.set(db, query);
  }
  const rows = await query.execute({ userId, shipToCode, range });
  const row = rows[0];
  if (!row) return fail({ kind: 'shipToNotFound', shipTo: shipToCode, range });
  return ok({ ...row, range: row.range as Range });
}
