import { eq, sql } from 'drizzle-orm';
import { findShipToScope, type Range, type ShipToScope } from '../accounts/ship-tos';
import { reviewStandingOrder } from './standing-approval';
import { cartEntryRows } from '../carts/cart-queries';
import { resolveCart } from '../carts/resolve-cart';
import type { Db, DbOrTx } from '../db/client';
import { standingOrderLines, standingOrders, type DeliveryLine } from '../db/schema';
import { addDays, type IsoDate } from '../time/calendar-date';
import type { Clock } from '../delivery/delivery-dates';
import { londonWallClock } from '../time/london-time';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { priceContext } from '../pricing/price-adjuster';
import type { StandingOrderProblem } from './problems';
import { deliveriesFrom } from './schedule';
import { checkedLines, type EntryInput } from './standing-lines';
import { deliveryRecords, findOwnedStandingOrder, ruleOf, scheduleOf, standingLines, type ScopedStandingOrder } from './standing-queries';
import type { Cause } from '../tracing/cause';
import { deliveryView, standingOrderView } from './standing-view';

/** How many coming deliveries a standing order shows. */
const NEXT_DELIVERIES = 6;
const LATEST_START_DAYS = 365;

/** The ship-to and range a request may name; when it names them, a standing order of another is missing. */
export interface ScopeFilter {
  shipTo?: string;
  salesOrg?: Range;
}

export const todayInLondon = (clock: Clock): IsoDate => londonWallClock(clock()).date;

type Answer<T> = Result<T, StandingOrderProblem>;

/** The caller's standing order, or the problem of a missing one: another user's, ship-to's or range's included. */
export async function requireStandingOrder(db: DbOrTx, userId: number, code: string, filter: ScopeFilter, lock: boolean): Promise<Answer<ScopedStandingOrder>> {
  const found = await findOwnedStandingOrder(db, userId, code, lock);
  const inFilter =
    found && (filter.shipTo === undefined || filter.shipTo === found.scope.shipToCode) && (filter.salesOrg === undefined || filter.salesOrg === found.scope.range);
  return inFilter ? ok(found) : fail({ kind: 'standingOrderNotFound', code });
}

/** One standing order of the caller as the API answers it. */
export async function readStandingOrder(db: Db, clock: Clock, userId: number, code: string, filter: ScopeFilter): Promise<Answer<StandingOrderView>> {
  const scoped = await requireStandingOrder(db, userId, code, filter, false);
  return scoped.ok ? ok(await presentStandingOrder(db, clock, scoped.value)) : scoped;
}

/** Standing orders as the API answers them: lines at today's prices and the next deliveries. */
export async function presentStandingOrders(db: DbOrTx, clock: Clock, scoped: ScopedStandingOrder[]) {
  const first = scoped[0];
  if (!first) return [];
  const ids = scoped.map((one) => one.standingOrder.id);
  const today = todayInLondon(clock);
  const [lines, records] = await Promise.all([standingLines(db, ids, priceContext(first.scope, null)), deliveryRecords(db, ids, today)]);
  return scoped.map((one) => {
    const own = records.get(one.standingOrder.id);
    // An ended standing order yields nothing more, but the orders it placed before it ended are still to come
    // and keep their links; a paused one shows its dates as they would be.
    const ended = one.standingOrder.status === 'ended';
    const next = deliveriesFrom(ruleOf(one.standingOrder), scheduleOf(one.scope), today, NEXT_DELIVERIES).filter((delivery) => !ended || own?.get(delivery.date)?.orderId);
    return standingOrderView(one, lines.get(one.standingOrder.id) ?? [], next.map((delivery) => deliveryView(delivery, own?.get(delivery.date), one.standingOrder.activeSince)));
  });
}

export type StandingOrderView = ReturnType<typeof standingOrderView>;

export async function presentStandingOrder(db: DbOrTx, clock: Clock, scoped: ScopedStandingOrder): Promise<StandingOrderView> {
  const [view] = await presentStandingOrders(db, clock, [scoped]);
  if (!view) throw new Error(`standing order ${scoped.standingOrder.code} could not be shown`);
  return view;
}

function weekdayProblem(weekdays: number[], scope: ShipToScope): StandingOrderProblem | undefined {
  const refused = weekdays.find((weekday) => !scope.deliveryWeekdays.includes(weekday));
  return refused === undefined ? undefined : { kind: 'weekdayNotDelivered', weekday: refused };
}

function datesProblem(startDate: IsoDate, endDate: IsoDate | null, today: IsoDate): StandingOrderProblem | undefined {
  if (startDate < today) return { kind: 'startDateInPast' };
  if (startDate > addDays(today, LATEST_START_DAYS)) return { kind: 'startDateTooFar' };
  if (endDate !== null && endDate < startDate) return { kind: 'endBeforeStart' };
  return undefined;
}

const sortedWeekdays = (weekdays: number[]) => [...new Set(weekdays)].sort((a, b) => a - b);

async function replaceLines(db: DbOrTx, standingOrderId: number, lines: DeliveryLine[]): Promise<void> {
  await db.delete(standingOrderLines).where(eq(standingOrderLines.standingOrderId, standingOrderId));
  await db.insert(standingOrderLines).values(lines.map((line, entryNumber) => ({ standingOrderId, entryNumber, ...line })));
}

export interface CreateStandingOrder {
  userId: number;
  /** The request creating it: its approval requests carry it (tracing/cause.ts). */
  cause: Cause;
  shipTo: string;
  salesOrg: Range;
  cartId: string;
  name?: string;
  weekdays: number[];
  startDate: IsoDate;
  endDate?: IsoDate | null;
  /** Undefined takes the cart's; null or '' leaves it empty. */
  purchaseOrderNumber?: string | null;
  deliveryInstructions?: string | null;
}

/** Makes a standing order of a cart's lines; the cart itself is left as it was. */
export async function createStandingOrder(db: Db, clock: Clock, request: CreateStandingOrder): Promise<Answer<StandingOrderView>> {
  return inTransaction(db, async (tx) => {
    const scoped = await findShipToScope(tx, request.userId, request.shipTo, request.salesOrg);
    if (!scoped.ok) return fail({ kind: 'cart', problem: scoped.problem });
    const scope = scoped.value;
    const endDate = request.endDate ?? null;
    const ruleProblem = weekdayProblem(request.weekdays, scope) ?? datesProblem(request.startDate, endDate, todayInLondon(clock));
    if (ruleProblem) return fail(ruleProblem);
    const resolved = await resolveCart(tx, request.userId, { cartId: request.cartId, shipTo: request.shipTo, salesOrg: request.salesOrg }, { lock: false });
    if (!resolved.ok) return fail({ kind: 'cart', problem: resolved.problem });
    const { cart } = resolved.value;
    const entries = await cartEntryRows(tx, cart.id, scope.soldToCode);
    if (entries.length === 0) return fail({ kind: 'emptyCart' });
    const purchaseOrderNumber = request.purchaseOrderNumber === undefined ? cart.purchaseOrderNumber : request.purchaseOrderNumber;
    if (scope.purchaseOrderRequired && !purchaseOrderNumber) return fail({ kind: 'purchaseOrderMissing' });
    const [row] = await tx
      .insert(standingOrders)
      .values({
        code: sql`'SO-' || lpad(nextval('standing_order_number_seq')::text, 6, '0')`,
        userId: request.userId,
        shipToCode: scope.shipToCode,
        range: scope.range,
        name: request.name ?? cart.name ?? 'Standing order',
        weekdays: sortedWeekdays(request.weekdays),
        startDate: request.startDate,
        endDate,
        purchaseOrderNumber,
        deliveryInstructions: request.deliveryInstructions === undefined ? cart.deliveryInstructions : request.deliveryInstructions,
        activeSince: clock(),
      })
      .returning();
    if (!row) throw new Error('standing order insert returned nothing');
    await replaceLines(tx, row.id, entries.map((entry) => ({ productCode: entry.productCode, quantity: entry.quantity })));
    return ok(await presentStandingOrder(tx, clock, { standingOrder: await reviewStandingOrder(tx, row, scope, request.cause), scope }));
  });
}

export interface UpdateStandingOrder {
  name?: string;
  weekdays?: number[];
  endDate?: IsoDate | null;
  purchaseOrderNumber?: string | null;
  deliveryInstructions?: string | null;
  entries?: EntryInput[];
}

/** Changes the rule or the lines: every coming delivery not yet placed and without lines of its own follows. */
export async function updateStandingOrder(db: Db, clock: Clock, userId: number, code: string, filter: ScopeFilter, changes: UpdateStandingOrder, cause: Cause): Promise<Answer<StandingOrderView>> {
  return inTransaction(db, async (tx) => {
    const scoped = await requireStandingOrder(tx, userId, code, filter, true);
    if (!scoped.ok) return scoped;
    const { standingOrder, scope } = scoped.value;
    if (standingOrder.status === 'ended') return fail({ kind: 'standingOrderEnded', code });
    const weekdays = changes.weekdays && weekdayProblem(changes.weekdays, scope);
    if (weekdays) return fail(weekdays);
    const endDate = changes.endDate === undefined ? standingOrder.endDate : changes.endDate;
    if (endDate !== null && endDate < standingOrder.startDate) return fail({ kind: 'endBeforeStart' });
    if (changes.endDate && changes.endDate < todayInLondon(clock)) return fail({ kind: 'endDateInPast' });
    const purchaseOrderNumber = changes.purchaseOrderNumber === undefined ? standingOrder.purchaseOrderNumber : changes.purchaseOrderNumber;
    if (scope.purchaseOrderRequired && !purchaseOrderNumber) return fail({ kind: 'purchaseOrderMissing' });
    if (changes.entries) {
      const lines = await checkedLines(tx, changes.entries, scope);
      if (!lines.ok) return lines;
      await replaceLines(tx, standingOrder.id, lines.value);
    }
    const [row] = await tx
      .update(standingOrders)
      .set({
        name: changes.name ?? standingOrder.name,
        weekdays: changes.weekdays ? sortedWeekdays(changes.weekdays) : standingOrder.weekdays,
        endDate,
        purchaseOrderNumber,
        deliveryInstructions: changes.deliveryInstructions === undefined ? standingOrder.deliveryInstructions : changes.deliveryInstructions,
        updatedAt: clock(),
      })
      .where(eq(standingOrders.id, standingOrder.id))
      .returning();
    if (!row) throw new Error(`standing order ${code} vanished while locked`);
    // New lines need approval again when over a limit (docs/approvals.md "Standing orders").
    return ok(await presentStandingOrder(tx, clock, { standingOrder: changes.entries ? await reviewStandingOrder(tx, row, scope, cause) : row, scope }));
  });
}

export type StatusAction = 'pause' | 'resume' | 'end';

const TRANSITIONS: Record<StatusAction, { from: string[]; to: string; done: string }> = {
  pause: { from: ['active'], to: 'paused', done: 'paused' },
  resume: { from: ['paused'], to: 'active', done: 'resumed' },
  end: { from: ['active', 'paused'], to: 'ended', done: 'ended' },
};

/**
 * Pause, resume or end. A resumed standing order is active from now: a delivery whose cut-off passed while
 * it was paused is not placed late.
 */
export async function changeStandingOrderStatus(db: Db, clock: Clock, userId: number, code: string, filter: ScopeFilter, action: StatusAction): Promise<Answer<StandingOrderView>> {
  return inTransaction(db, async (tx) => {
    const scoped = await requireStandingOrder(tx, userId, code, filter, true);
    if (!scoped.ok) return scoped;
    const { standingOrder, scope } = scoped.value;
    if (standingOrder.status === 'ended') return fail({ kind: 'standingOrderEnded', code });
    const transition = TRANSITIONS[action];
    if (!transition.from.includes(standingOrder.status)) return fail({ kind: 'badTransition', code, status: standingOrder.status, action: transition.done });
    const now = clock();
    const [row] = await tx
      .update(standingOrders)
      .set({ status: transition.to, updatedAt: now, ...(action === 'resume' ? { activeSince: now } : {}) })
      .where(eq(standingOrders.id, standingOrder.id))
      .returning();
    if (!row) throw new Error(`standing order ${code} vanished while locked`);
    return ok(await presentStandingOrder(tx, clock, { standingOrder: row, scope }));
  });
}
