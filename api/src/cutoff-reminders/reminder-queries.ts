import { and, asc, eq, gte, inArray, isNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  categories,
  cutoffReminderSettings,
  cutoffRemindersSent,
  mailPreferences,
  orders,
  shipToRanges,
  shipTos,
  standingOrderDeliveries,
  standingOrders,
  userShipTos,
  users,
} from '../db/schema';
import type { IsoDate } from '../time/calendar-date';
import { CUTOFF_REMINDER_KIND } from './mail-kinds';

/** Orders that did not go ahead say nothing about a usual day, and leave a delivery still to order. */
export const NOT_GOING_AHEAD = ['cancelled', 'rejected', 'expired'] as const;

export interface ShipToRangeRow {
  shipToCode: string;
  shipToName: string;
  range: string;
  rangeName: string;
  deliveryWeekdays: number[];
  cutoffTime: string;
  /** The ship-to's own hours before its cut-off, or the default (CUTOFF_REMINDER_HOURS); 0: no reminders. */
  hours: number;
}

/** Every ship-to's ranges with their delivery days, cut-off and reminder hours: the reminder step's worklist. */
export async function shipToRangesWithHours(db: DbOrTx, defaultHours: number): Promise<ShipToRangeRow[]> {
  const rows = await db
    .select({
      shipToCode: shipToRanges.shipToCode,
      shipToName: shipTos.name,
      range: shipToRanges.range,
      rangeName: categories.name,
      deliveryWeekdays: shipToRanges.deliveryWeekdays,
      cutoffTime: shipTos.cutoffTime,
      ownHours: cutoffReminderSettings.hours,
    })
    .from(shipToRanges)
    .innerJoin(shipTos, eq(shipTos.code, shipToRanges.shipToCode))
    .leftJoin(cutoffReminderSettings, eq(cutoffReminderSettings.shipToCode, shipToRanges.shipToCode))
    .leftJoin(categories, and(eq(categories.id, shipToRanges.range), isNull(categories.parentId)))
    .orderBy(asc(shipToRanges.shipToCode), asc(shipToRanges.position));
  return rows.map(({ ownHours, rangeName, ...row }) => ({ ...row, rangeName: rangeName ?? row.range, hours: ownHours ?? defaultHours }));
}

const key = (shipToCode: string, range: string, date: IsoDate) => `${shipToCode}/${range}/${date}`;
export { key as reminderKey };

/** The (ship-to, range, date) keys reminded already among these ship-tos' deliveries from `from` on. */
export async function remindedKeys(db: DbOrTx, shipToCodes: string[], from: IsoDate): Promise<Set<string>> {
  if (shipToCodes.length === 0) return new Set();
  const rows = await db
    .select({ shipToCode: cutoffRemindersSent.shipToCode, range: cutoffRemindersSent.range, date: cutoffRemindersSent.deliveryDate })
    .from(cutoffRemindersSent)
    .where(and(inArray(cutoffRemindersSent.shipToCode, shipToCodes), gte(cutoffRemindersSent.deliveryDate, from)));
  return new Set(rows.map((row) => key(row.shipToCode, row.range, row.date)));
}

/** The (ship-to, range, date) keys with an order that went ahead or waits for approval, between two dates. */
export async function orderedKeys(db: DbOrTx, shipToCodes: string[], from: IsoDate, until: IsoDate): Promise<Set<string>> {
  if (shipToCodes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ shipToCode: orders.shipToCode, range: orders.range, date: orders.deliveryDate })
    .from(orders)
    .where(
      and(
        inArray(orders.shipToCode, shipToCodes),
        gte(orders.deliveryDate, from),
        lte(orders.deliveryDate, until),
        notInArray(orders.status, [...NOT_GOING_AHEAD]),
      ),
    );
  return new Set(rows.map((row) => key(row.shipToCode, row.range, row.date)));
}

/** Whether the ship-to has an order for the range and date that went ahead or waits for approval (a held order). */
export async function hasOrderFor(db: DbOrTx, shipToCode: string, range: string, date: IsoDate): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .where(and(eq(orders.shipToCode, shipToCode), eq(orders.range, range), eq(orders.deliveryDate, date), notInArray(orders.status, [...NOT_GOING_AHEAD])))
    .limit(1);
  return rows.length > 0;
}

export interface ActiveStandingOrder {
  id: number;
  shipToCode: string;
  range: string;
  weekdays: number[];
  startDate: IsoDate;
  endDate: IsoDate | null;
  activeSince: Date;
}

/**
 * The active standing orders of these ship-tos whose owners still order for the ship-to (the scheduler's own
 * rule) and that may place their deliveries: one waiting for approval, or rejected, places none
 * (docs/approvals.md "Standing orders"), so its site is reminded as if it had none.
 */
export async function activeStandingOrdersOf(db: DbOrTx, shipToCodes: string[]): Promise<ActiveStandingOrder[]> {
  if (shipToCodes.length === 0) return [];
  return db
    .select({
      id: standingOrders.id,
      shipToCode: standingOrders.shipToCode,
      range: standingOrders.range,
      weekdays: standingOrders.weekdays,
      startDate: standingOrders.startDate,
      endDate: standingOrders.endDate,
      activeSince: standingOrders.activeSince,
    })
    .from(standingOrders)
    .innerJoin(userShipTos, and(eq(userShipTos.userId, standingOrders.userId), eq(userShipTos.shipToCode, standingOrders.shipToCode)))
    .where(and(eq(standingOrders.status, 'active'), inArray(standingOrders.shipToCode, shipToCodes), notInArray(standingOrders.approvalStatus, ['pending', 'rejected'])));
}

/** The deliveries the customer skipped, as `${standingOrderId}/${date}`, among these standing orders from `from` on. */
export async function skippedDeliveries(db: DbOrTx, ids: number[], from: IsoDate): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: standingOrderDeliveries.standingOrderId, date: standingOrderDeliveries.deliveryDate })
    .from(standingOrderDeliveries)
    .where(and(inArray(standingOrderDeliveries.standingOrderId, ids), gte(standingOrderDeliveries.deliveryDate, from), eq(standingOrderDeliveries.skipped, true)));
  return new Set(rows.map((row) => `${row.id}/${row.date}`));
}

/**
 * Records the reminder of one (ship-to, range, date) as sent; answers false when it already was. The primary
 * key decides between processes: a second insert waits for the first's transaction and then does nothing.
 */
export async function recordSent(db: DbOrTx, shipToCode: string, range: string, date: IsoDate, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(cutoffRemindersSent)
    .values({ shipToCode, range, deliveryDate: date, sentAt: now })
    .onConflictDoNothing()
    .returning({ shipToCode: cutoffRemindersSent.shipToCode });
  return inserted.length > 0;
}

/**
 * The active users who order for the ship-to and want cut-off reminders (no preferences saved: they do). An
 * invited user who has not chosen a password yet (`!`, company/invitations.ts) cannot order, so gets none.
 */
export async function reminderRecipients(db: DbOrTx, shipToCode: string): Promise<{ userId: number; name: string; email: string }[]> {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(userShipTos)
    .innerJoin(users, eq(users.id, userShipTos.userId))
    .leftJoin(mailPreferences, and(eq(mailPreferences.userId, users.id), eq(mailPreferences.kind, CUTOFF_REMINDER_KIND)))
    .where(and(eq(userShipTos.shipToCode, shipToCode), eq(users.status, 'active'), ne(users.passwordHash, '!'), sql`coalesce(${mailPreferences.on}, true)`))
    .orderBy(asc(users.id));
}
