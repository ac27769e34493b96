import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../../../db/client';
import { operatorSoldTos, operators, shipToRanges, shipTos, soldTos } from '../../../../db/schema';
import type { WriteCounts } from '../../import-report';
import { addCounts, upsertRows } from '../../upsert';
import { withChangedKeys } from './changed-keys';
import type { ShipToImport, SoldToImport } from './customer-rows';

type RangeRow = Pick<typeof shipToRanges.$inferSelect, 'range' | 'deliveryWeekdays' | 'minimumOrderPence' | 'belowMinimum' | 'deliveryChargePence'>;

const rangesKey = (ranges: RangeRow[]) =>
  JSON.stringify([...ranges].map((r) => [r.range, r.deliveryWeekdays, r.minimumOrderPence, r.belowMinimum, r.deliveryChargePence]).sort());

const NO_MINIMUM = { minimumOrderPence: null, belowMinimum: null, deliveryChargePence: null };

/**
 * A ship-to's ranges as the file wants them: its delivery days, and each range's minimum order as the file sets
 * it, else as stored (set in the back office, or by an earlier file), so a file without minimums keeps them.
 */
function wantedRanges(row: ShipToImport, stored: RangeRow[]): RangeRow[] {
  return row.ranges.map(({ range, deliveryWeekdays }) => {
    const kept = stored.find((one) => one.range === range);
    const set = row.minimumOrders.find((one) => one.range === range);
    const minimum = set ?? (kept ? { minimumOrderPence: kept.minimumOrderPence, belowMinimum: kept.belowMinimum, deliveryChargePence: kept.deliveryChargePence } : NO_MINIMUM);
    return { range, deliveryWeekdays, minimumOrderPence: minimum.minimumOrderPence, belowMinimum: minimum.belowMinimum, deliveryChargePence: minimum.deliveryChargePence };
  });
}

/** Replaces each ship-to's ranges where they differ from the file; answers the ship-tos it changed. */
async function replaceRanges(tx: Tx, rows: ShipToImport[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const codes = rows.map((row) => row.code);
  const stored = await tx.select().from(shipToRanges).where(inArray(shipToRanges.shipToCode, codes));
  const storedBy = new Map<string, typeof stored>();
  for (const row of stored) storedBy.set(row.shipToCode, [...(storedBy.get(row.shipToCode) ?? []), row]);
  const wanted = rows.map((row) => ({ code: row.code, ranges: wantedRanges(row, storedBy.get(row.code) ?? []) }));
  const changed = wanted.filter((row) => rangesKey(row.ranges) !== rangesKey(storedBy.get(row.code) ?? []));
  if (changed.length === 0) return new Set();
  await tx.delete(shipToRanges).where(inArray(shipToRanges.shipToCode, changed.map((row) => row.code)));
  await tx.insert(shipToRanges).values(changed.flatMap((row) => row.ranges.map((range, position) => ({ shipToCode: row.code, position, ...range }))));
  return new Set(changed.map((row) => row.code));
}

/**
 * Makes each named rep the only one of their sold-to; answers the sold-tos whose reps changed. The check
 * (customer-references.ts) found every rep an active sales operator; the demo seed names only its own.
 */
async function assignReps(tx: Tx, rows: SoldToImport[]): Promise<Set<string>> {
  const named = rows.filter((row): row is SoldToImport & { salesRep: string } => row.salesRep !== undefined);
  if (named.length === 0) return new Set();
  const reps = await tx.select({ id: operators.id, email: operators.email }).from(operators).where(inArray(operators.email, [...new Set(named.map((row) => row.salesRep))]));
  const idOf = new Map(reps.map((rep) => [rep.email, rep.id]));
  const stored = await tx.select().from(operatorSoldTos).where(inArray(operatorSoldTos.soldTo, named.map((row) => row.code)));
  const changed = new Set<string>();
  for (const row of named) {
    const operatorId = idOf.get(row.salesRep);
    if (operatorId === undefined) throw new Error(`sales rep ${row.salesRep} of sold-to ${row.code} is not an operator`);
    const current = stored.filter((one) => one.soldTo === row.code).map((one) => one.operatorId);
    if (current.length === 1 && current[0] === operatorId) continue;
    await tx.delete(operatorSoldTos).where(and(eq(operatorSoldTos.soldTo, row.code), ne(operatorSoldTos.operatorId, operatorId)));
    if (!current.includes(operatorId)) await tx.insert(operatorSoldTos).values({ operatorId, soldTo: row.code });
    changed.add(row.code);
  }
  return changed;
}

/**
 * Sold-tos with their reps, then ship-tos with their ranges (a sold-to whose rep alone changed, or a ship-to
 * whose ranges alone changed, counts as updated).
 */
export async function writeAccounts(tx: Tx, soldToRows: SoldToImport[], shipToRows: ShipToImport[]): Promise<WriteCounts> {
  const upserted = await upsertRows(tx, soldTos, soldToRows.map(({ code, name }) => ({ code, name })), [soldTos.code], [soldTos.name]);
  const soldCounts = withChangedKeys(upserted, await assignReps(tx, soldToRows));
  const shipCounts = await upsertRows(
    tx,
    shipTos,
    shipToRows.map(({ record: _record, ranges: _ranges, minimumOrders: _minimumOrders, ...shipTo }) => shipTo),
    [shipTos.code],
    [shipTos.name, shipTos.soldToCode, shipTos.addressLine1, shipTos.town, shipTos.postcode, shipTos.phone, shipTos.cutoffTime, shipTos.purchaseOrderRequired],
  );
  return addCounts(soldCounts, withChangedKeys(shipCounts, await replaceRanges(tx, shipToRows)));
}
