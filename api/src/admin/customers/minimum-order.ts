import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Db, DbOrTx } from '../../db/client';
import { shipToRanges } from '../../db/schema';
import { fail, ok, type Result } from '../../errors/result';
import { inTransaction } from '../../errors/transaction';
import type { CustomerProblem } from './problems';

/**
 * A ship-to's minimum order for one range (docs/minimum-order.md): none, a minimum below which the order is
 * charged for delivery, or one below which checkout refuses it.
 */
export type MinimumOrder =
  | { minimumOrderPence: null; belowMinimum: null; deliveryChargePence: null }
  | { minimumOrderPence: number; belowMinimum: 'charge'; deliveryChargePence: number }
  | { minimumOrderPence: number; belowMinimum: 'refuse'; deliveryChargePence: null };

interface MinimumOrderSetting {
  shipTo: string;
  range: string;
  minimumOrder: MinimumOrder;
}

const columns = { minimumOrderPence: shipToRanges.minimumOrderPence, belowMinimum: shipToRanges.belowMinimum, deliveryChargePence: shipToRanges.deliveryChargePence };

async function settingOf(db: DbOrTx, shipTo: string, range: string, lock: boolean): Promise<MinimumOrder | undefined> {
  const query = db
    .select(columns)
    .from(shipToRanges)
    .where(and(eq(shipToRanges.shipToCode, shipTo), eq(shipToRanges.range, range)))
    .limit(1);
  // The table's check holds the three columns to one of MinimumOrder's shapes.
  const [row] = lock ? await query.for('update') : await query;
  return row as MinimumOrder | undefined;
}

export async function readMinimumOrder(db: DbOrTx, shipTo: string, range: string): Promise<Result<MinimumOrderSetting, CustomerProblem>> {
  const minimumOrder = await settingOf(db, shipTo, range, false);
  return minimumOrder ? ok({ shipTo, range, minimumOrder }) : fail({ kind: 'shipToRangeNotFound', shipTo, range });
}

const same = (a: MinimumOrder, b: MinimumOrder) => a.minimumOrderPence === b.minimumOrderPence && a.belowMinimum === b.belowMinimum && a.deliveryChargePence === b.deliveryChargePence;

/**
 * An operator sets or clears a ship-to's minimum order for a range, audited in the same transaction with the
 * setting before and after. The same setting again changes nothing and logs nothing.
 */
export async function setMinimumOrder(db: Db, operatorId: number, shipTo: string, range: string, minimumOrder: MinimumOrder): Promise<Result<MinimumOrderSetting, CustomerProblem>> {
  return inTransaction<MinimumOrderSetting, CustomerProblem>(db, async (tx) => {
    const before = await settingOf(tx, shipTo, range, true);
    if (!before) return fail({ kind: 'shipToRangeNotFound', shipTo, range });
    if (same(before, minimumOrder)) return ok({ shipTo, range, minimumOrder });
    await tx.update(shipToRanges).set(minimumOrder).where(and(eq(shipToRanges.shipToCode, shipTo), eq(shipToRanges.range, range)));
    await recordAudit(tx, { operatorId, action: 'shipTo.minimumOrder', subject: `shipTo:${shipTo}:${range}`, before, after: minimumOrder });
    return ok({ shipTo, range, minimumOrder });
  });
}
