import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../../db/client';
import { shipToRanges, shipTos, soldTos } from '../../../../db/schema';
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

/** Sold-tos, then ship-tos with their ranges (a ship-to whose ranges alone changed counts as updated). */
export async function writeAccounts(tx: Tx, soldToRows: SoldToImport[], shipToRows: ShipToImport[]): Promise<WriteCounts> {
  const soldCounts = await upsertRows(tx, soldTos, soldToRows.map(({ code, name }) => ({ code, name })), [soldTos.code], [soldTos.name]);
  const shipCounts = await upsertRows(
    tx,
    shipTos,
    shipToRows.map(({ record: _record, ranges: _ranges, minimumOrders: _minimumOrders, ...shipTo }) => shipTo),
    [shipTos.code],
    [shipTos.name, shipTos.soldToCode, shipTos.addressLine1, shipTos.town, shipTos.postcode, shipTos.phone, shipTos.cutoffTime, shipTos.purchaseOrderRequired],
  );
  return addCounts(soldCounts, withChangedKeys(shipCounts, await replaceRanges(tx, shipToRows)));
}
