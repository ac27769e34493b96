import { and, asc, desc, eq, gte, inArray, isNull, lte, notInArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { callOutcomes, categories, operators, orders, shipToRanges, shipTos, soldTos, type CallOutcome } from '../db/schema';
import { NOT_GOING_AHEAD } from '../cutoff-reminders/reminder-queries';
import type { IsoDate } from '../time/calendar-date';

/** Which sold-tos an operator's call list covers: every one, or those assigned to a rep. */
export type SoldToScope = 'all' | ReadonlySet<string>;

export interface CallSite {
  shipToCode: string;
  shipToName: string;
  phone: string | null;
  soldToCode: string;
  soldToName: string;
  range: string;
  rangeName: string;
  deliveryWeekdays: number[];
  cutoffTime: string;
}

/** Every ship-to's ranges in the scope, with what the list shows of them: one statement. */
export async function sitesInScope(db: DbOrTx, scope: SoldToScope): Promise<CallSite[]> {
  if (scope !== 'all' && scope.size === 0) return [];
  const where: SQL | undefined = scope === 'all' ? undefined : inArray(shipTos.soldToCode, [...scope]);
  const rows = await db
    .select({
      shipToCode: shipToRanges.shipToCode,
      shipToName: shipTos.name,
      phone: shipTos.phone,
      soldToCode: shipTos.soldToCode,
      soldToName: soldTos.name,
      range: shipToRanges.range,
      rangeName: categories.name,
      deliveryWeekdays: shipToRanges.deliveryWeekdays,
      cutoffTime: shipTos.cutoffTime,
    })
    .from(shipToRanges)
    .innerJoin(shipTos, eq(shipTos.code, shipToRanges.shipToCode))
    .innerJoin(soldTos, eq(soldTos.code, shipTos.soldToCode))
    .leftJoin(categories, and(eq(categories.id, shipToRanges.range), isNull(categories.parentId)))
    .where(where)
    .orderBy(asc(shipToRanges.shipToCode), asc(shipToRanges.position));
  return rows.map(({ rangeName, ...row }) => ({ ...row, rangeName: rangeName ?? row.range }));
}

const siteKey = (shipToCode: string, range: string) => `${shipToCode}/${range}`;
export { siteKey as callSiteKey };

export interface LastOrder {
  code: string;
  placedAt: Date;
  deliveryDate: IsoDate;
  netPence: number;
}

/** The newest order that went ahead or waits for approval of each of these ship-tos' ranges, by `callSiteKey`. */
export async function lastOrders(db: DbOrTx, shipToCodes: string[]): Promise<Map<string, LastOrder>> {
  if (shipToCodes.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([orders.shipToCode, orders.range], {
      shipToCode: orders.shipToCode,
      range: orders.range,
      code: orders.code,
      placedAt: orders.placedAt,
      deliveryDate: orders.deliveryDate,
      netPence: orders.netPence,
    })
    .from(orders)
    .where(and(inArray(orders.shipToCode, shipToCodes), notInArray(orders.status, [...NOT_GOING_AHEAD])))
    .orderBy(orders.shipToCode, orders.range, desc(orders.placedAt), desc(orders.id));
  return new Map(rows.map(({ shipToCode, range, ...order }) => [siteKey(shipToCode, range), order]));
}

/** The orders that went ahead or wait for approval of these ship-tos delivered between two dates, by `callSiteKey`. */
export async function ordersDelivered(db: DbOrTx, shipToCodes: string[], from: IsoDate, until: IsoDate): Promise<Map<string, { deliveryDate: IsoDate; netPence: number }[]>> {
  const found = new Map<string, { deliveryDate: IsoDate; netPence: number }[]>();
  if (shipToCodes.length === 0) return found;
  const rows = await db
    .select({ shipToCode: orders.shipToCode, range: orders.range, deliveryDate: orders.deliveryDate, netPence: orders.netPence })
    .from(orders)
    .where(and(inArray(orders.shipToCode, shipToCodes), gte(orders.deliveryDate, from), lte(orders.deliveryDate, until), notInArray(orders.status, [...NOT_GOING_AHEAD])));
  for (const { shipToCode, range, ...order } of rows) {
    const key = siteKey(shipToCode, range);
    found.set(key, [...(found.get(key) ?? []), order]);
  }
  return found;
}

export interface RecordedOutcome {
  outcome: CallOutcome;
  callBackAt: Date | null;
  note: string | null;
  at: Date;
  operator: { id: number; name: string };
}

const deliveryKey = (shipToCode: string, range: string, deliveryDate: IsoDate) => `${shipToCode}/${range}/${deliveryDate}`;
export { deliveryKey as callDeliveryKey };

/** The newest outcome recorded for each delivery of these ship-tos from `from` on, by `callDeliveryKey`. */
export async function latestOutcomes(db: DbOrTx, shipToCodes: string[], from: IsoDate): Promise<Map<string, RecordedOutcome>> {
  if (shipToCodes.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([callOutcomes.shipToCode, callOutcomes.range, callOutcomes.deliveryDate], {
      shipToCode: callOutcomes.shipToCode,
      range: callOutcomes.range,
      deliveryDate: callOutcomes.deliveryDate,
      outcome: callOutcomes.outcome,
      callBackAt: callOutcomes.callBackAt,
      note: callOutcomes.note,
      at: callOutcomes.at,
      operatorId: operators.id,
      operatorName: operators.name,
    })
    .from(callOutcomes)
    .innerJoin(operators, eq(operators.id, callOutcomes.operatorId))
    .where(and(inArray(callOutcomes.shipToCode, shipToCodes), gte(callOutcomes.deliveryDate, from)))
    .orderBy(callOutcomes.shipToCode, callOutcomes.range, callOutcomes.deliveryDate, desc(callOutcomes.at), desc(callOutcomes.id));
  return new Map(
    rows.map(({ shipToCode, range, deliveryDate, operatorId, operatorName, ...outcome }) => [deliveryKey(shipToCode, range, deliveryDate), { ...outcome, operator: { id: operatorId, name: operatorName } }]),
  );
}
