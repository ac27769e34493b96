import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { approvalLimits, orderSpendDays, orders } from '../db/schema';
import { addDays, isoDate, isoWeekday, type IsoDate } from '../time/calendar-date';
import { SPENDING_STATUSES, type OrderStatus } from '../order-status/order-status';

export type LimitType = 'orderThreshold' | 'periodThreshold';
export type PeriodRange = 'WEEK' | 'MONTH';

/**
 * Why an order needs approval: one limit it passes, with the amount measured against it (the order's net
 * total, or the ship-to's net total for the period with this order in it) and, for a period, its first and
 * last delivery dates. Kept on the order (orders.approval_reasons) as it was when checked.
 */
export interface ApprovalReason {
  limit: string;
  type: LimitType;
  /** Pence, net of VAT. */
  threshold: number;
  periodRange: PeriodRange | null;
  shipTo: string | null;
  /** The user whose own limit it is (their sign-in name), or null for a ship-to's limit. */
  user: string | null;
  /** Pence, net of VAT: what passed the threshold. */
  amount: number;
  period: { from: IsoDate; to: IsoDate } | null;
}

export interface OrderToCheck {
  soldTo: string;
  shipTo: string;
  userId: number;
  deliveryDate: IsoDate;
  netPence: number;
  /**
   * How much of this order the period sums already hold: its written net total while its status spends the
   * budget (checkout writes it placed before checking), else 0 (a cart, a held or expired order). The check
   * measures the period with `netPence` in its place.
   */
  countedPence: number;
}

/** Whether an order at this status spends its period's budget (SPENDING_STATUSES); the order being checked counts whatever its status. */
const spendsBudget = (status: OrderStatus) => SPENDING_STATUSES.includes(status);

/** What the check needs of a written order row, as it stands. */
export const orderToCheck = (order: { soldToCode: string; shipToCode: string; userId: number; deliveryDate: string; netPence: number; status: OrderStatus }): OrderToCheck => ({
  soldTo: order.soldToCode,
  shipTo: order.shipToCode,
  userId: order.userId,
  deliveryDate: order.deliveryDate,
  netPence: order.netPence,
  countedPence: spendsBudget(order.status) ? order.netPence : 0,
});

/** The first key of the two-key advisory lock on a ship-to's period budget; the second is a hash of its code. */
const PERIOD_BUDGET = 4_100_023;

/** The London calendar week (Monday to Sunday) or month holding a delivery date: delivery dates are London days. */
export function periodOf(date: IsoDate, range: PeriodRange): { from: IsoDate; to: IsoDate } {
  if (range === 'WEEK') {
    const from = addDays(date, 1 - isoWeekday(date));
    return { from, to: addDays(from, 6) };
  }
  const [year, month] = date.split('-').map(Number) as [number, number];
  const from = isoDate(year, month, 1);
  return { from, to: addDays(isoDate(year, month + 1, 1), -1) };
}

/**
 * The limits an order passes (docs/approvals.md "Limits"): the ship-to's and the user's orderThreshold
 * against the order's net total, and the ship-to's periodThreshold against its placed orders delivered in
 * the same week or month, this one included. Over means above: an order at the threshold
 * passes. When the ship-to has a period limit, the check first takes a lock on the ship-to's budget, held
 * to the end of the caller's transaction, so two orders racing for the last of a budget are checked one
 * after the other and the second sees the first.
 */
export async function checkLimits(tx: Tx, order: OrderToCheck, known?: LimitsKnown): Promise<ApprovalReason[]> {
  if (known?.anyLimits === false) return [];
  const limits = await tx
    .select({
      code: approvalLimits.code,
      type: approvalLimits.type,
      thresholdPence: approvalLimits.thresholdPence,
      periodRange: approvalLimits.periodRange,
      shipToCode: approvalLimits.shipToCode,
      userId: approvalLimits.userId,
      username: sql<string | null>`(select username from users where users.id = ${approvalLimits.userId})`,
    })
    .from(approvalLimits)
    .where(and(eq(approvalLimits.soldToCode, order.soldTo), or(eq(approvalLimits.shipToCode, order.shipTo), eq(approvalLimits.userId, order.userId))))
    .orderBy(approvalLimits.id);
  if (limits.length === 0) return [];
  const periodLimits = limits.filter((limit) => limit.type === 'periodThreshold');
  if (periodLimits.length > 0) await lockPeriodBudget(tx, order.shipTo);

  const periods = periodLimits.map((limit) => periodOf(order.deliveryDate, limit.periodRange as PeriodRange));
  const spent = await spentInPeriods(tx, order, periods);
  const reasons: ApprovalReason[] = [];
  for (const limit of limits) {
    const subject = { limit: limit.code, threshold: limit.thresholdPence, shipTo: limit.shipToCode, user: limit.username };
    if (limit.type === 'orderThreshold') {
      if (order.netPence > limit.thresholdPence) reasons.push({ ...subject, type: 'orderThreshold', periodRange: null, amount: order.netPence, period: null });
      continue;
    }
    const index = periodLimits.indexOf(limit);
    const amount = (spent[index] ?? 0) - order.countedPence + order.netPence;
    if (amount > limit.thresholdPence) reasons.push({ ...subject, type: 'periodThreshold', periodRange: limit.periodRange as PeriodRange, amount, period: periods[index] ?? null });
  }
  return reasons;
}

/**
 * Whether any limit can apply to an order of this sold-to, ship-to and user (checkLimits's own condition): a
 * subquery a caller adds to a statement it makes anyway (the order insert, orders/order-writer.ts), so that
 * the many checkouts with no limit read none. Read in the checkout's transaction, so it holds across API
 * processes as checkLimits's own read would.
 */
export const anyLimitsFor = (soldTo: string, shipTo: string, userId: number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${approvalLimits} where ${and(eq(approvalLimits.soldToCode, soldTo), or(eq(approvalLimits.shipToCode, shipTo), eq(approvalLimits.userId, userId)))})`;

/** What a caller learned of the limits in its own statement (anyLimitsFor), carried to the check. */
export interface LimitsKnown {
  anyLimits: boolean;
}

/** The key under which a placement request carries LimitsKnown (order-status/order-in-process.ts policyInputs). */
const LIMITS_INPUT = 'spendingLimits';

export const limitsInput = (known: LimitsKnown): Record<string, unknown> => ({ [LIMITS_INPUT]: known });

export const limitsKnownFrom = (inputs: Readonly<Record<string, unknown>> | undefined): LimitsKnown | undefined =>
  inputs?.[LIMITS_INPUT] as LimitsKnown | undefined;

/** Serialises period checks per ship-to (see checkLimits). */
async function lockPeriodBudget(tx: Tx, shipTo: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PERIOD_BUDGET}, hashtext(${shipTo}))`);
}

/**
 * The orders that spend a ship-to's period budget for delivery dates from `from` to `to` (SPENDING_STATUSES): the
 * one condition both the check and head office's list of those orders (orders/company-orders.ts) read, so the
 * orders listed are always the orders counted.
 */
export const countedInBudget = (shipTo: string, from: IsoDate, to: IsoDate): SQL | undefined =>
  and(eq(orders.shipToCode, shipTo), gte(orders.deliveryDate, from), lte(orders.deliveryDate, to), inArray(orders.status, [...SPENDING_STATUSES]));

/**
 * The ship-to's counted orders' net total for delivery dates in each period, from the running totals per
 * delivery date and status (db/schema/order-spend-days.ts): a few rows a day whatever the number of orders,
 * where summing the orders themselves grew with every order of the period. Holds exactly what
 * `countedInBudget` selects.
 */
async function spentInPeriods(db: DbOrTx, order: OrderToCheck, periods: { from: IsoDate; to: IsoDate }[]): Promise<number[]> {
  if (periods.length === 0) return [];
  const from = periods.map((period) => period.from).sort()[0] as IsoDate;
  const to = periods.map((period) => period.to).sort().at(-1) as IsoDate;
  const totals = periods.map(
    (period) => sql<number>`coalesce(sum(${orderSpendDays.netPence}) filter (where ${orderSpendDays.deliveryDate} between ${period.from} and ${period.to}), 0)::int`,
  );
  const [row] = await db
    .select({ totals: sql<number[]>`array[${sql.join(totals, sql`, `)}]` })
    .from(orderSpendDays)
    .where(
      and(
        eq(orderSpendDays.shipToCode, order.shipTo),
        gte(orderSpendDays.deliveryDate, from),
        lte(orderSpendDays.deliveryDate, to),
        inArray(orderSpendDays.status, [...SPENDING_STATUSES]),
      ),
    );
  return row?.totals ?? [];
}
