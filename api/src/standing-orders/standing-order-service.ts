import { eq, sql } from 'drizzle-orm';
import { requireShipToScope, type Range, type ShipToScope } from '../accounts/ship-tos';
import { cartEntryRows } from '../carts/cart-queries';
import { resolveCart } from '../carts/resolve-cart';
import type { Db, DbOrTx } from '../db/client';
import { standingOrderLines, standingOrders, type DeliveryLine } from '../db/schema';
import { addDays, type IsoDate } from '../delivery/calendar-date';
import type { Clock } from '../delivery/delivery-dates';
import { londonWallClock } from '../delivery/london-time';
import { badTransition, emptyCart, endBeforeStart, endDateInPast, purchaseOrderMissing, standingOrderEnded, standingOrderNotFound, startDateInPast, startDateTooFar, weekdayNotDelivered } from './problems';
import { deliveriesFrom } from './schedule';
import { checkedLines, type EntryInput } from './standing-lines';
import { deliveryRecords, findOwnedStandingOrder, ruleOf, scheduleOf, standingLines, type ScopedStandingOrder } from './standing-queries';
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

/** The caller's standing order, or the 404 of a missing one: another user's, ship-to's or range's included. */
export async function requireStandingOrder(db: DbOrTx, userId: number, code: string, filter: ScopeFilter, lock: boolean): Promise<ScopedStandingOrder> {
  const found = await findOwnedStandingOrder(db, userId, code, lock);
  if (!found) throw standingOrderNotFound(code);
  if (filter.shipTo !== undefined && filter.shipTo !== found.scope.shipToCode) throw standingOrderNotFound(code);
  if (filter.salesOrg !== undefined && filter.salesOrg !== found.scope.range) throw standingOrderNotFound(code);
  return found;
}

/** Standing orders as the API answers them: lines at today's prices and the next deliveries. */
export async function presentStandingOrders(db: DbOrTx, clock: Clock, scoped: ScopedStandingOrder[]) {
  const first = scoped[0];
  if (!first) return [];
  const ids = scoped.map((one) => one.standingOrder.id);
  const today = todayInLondon(clock);
  const [lines, records] = await Promise.all([standingLines(db, ids, first.scope.soldToCode), deliveryRecords(db, ids, today)]);
  return scoped.map((one) => {
    const own = records.get(one.standingOrder.id);
    // An ended standing order yields nothing more, but the orders it placed before it ended are still to come
    // and keep their links; a paused one shows its dates as they would be.
    const ended = one.standingOrder.status === 'ended';
    const next = deliveriesFrom(ruleOf(one.standingOrder), scheduleOf(one.scope), today, NEXT_DELIVERIES).filter((delivery) => !ended || own?.get(delivery.date)?.orderId);
    return standingOrderView(one, lines.get(one.standingOrder.id) ?? [], next.map((delivery) => deliveryView(delivery, own?.get(delivery.date), one.standingOrder.activeSince)));
  });
}

export async function presentStandingOrder(db: DbOrTx, clock: Clock, scoped: ScopedStandingOrder) {
  const [view] = await presentStandingOrders(db, clock, [scoped]);
  if (!view) throw new Error(`standing order ${scoped.standingOrder.code} could not be shown`);
  return view;
}

function checkWeekdays(weekdays: number[], scope: ShipToScope): void {
  const refused = weekdays.find((weekday) => !scope.deliveryWeekdays.includes(weekday));
  if (refused !== undefined) throw weekdayNotDelivered(refused);
}

function checkDates(startDate: IsoDate, endDate: IsoDate | null, today: IsoDate): void {
  if (startDate < today) throw startDateInPast();
  if (startDate > addDays(today, LATEST_START_DAYS)) throw startDateTooFar();
  if (endDate !== null && endDate < startDate) throw endBeforeStart();
}

const sortedWeekdays = (weekdays: number[]) => [...new Set(weekdays)].sort((a, b) => a - b);

async function replaceLines(db: DbOrTx, standingOrderId: number, lines: DeliveryLine[]): Promise<void> {
  await db.delete(standingOrderLines).where(eq(standingOrderLines.standingOrderId, standingOrderId));
  await db.insert(standingOrderLines).values(lines.map((line, entryNumber) => ({ standingOrderId, entryNumber, ...line })));
}

export interface CreateStandingOrder {
  userId: number;
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
export async function createStandingOrder(db: Db, clock: Clock, request: CreateStandingOrder) {
  return db.transaction(async (tx) => {
    const scope = await requireShipToScope(tx, request.userId, request.shipTo, request.salesOrg);
    checkWeekdays(request.weekdays, scope);
    const endDate = request.endDate ?? null;
    checkDates(request.startDate, endDate, todayInLondon(clock));
    const { cart } = await resolveCart(tx, request.userId, { cartId: request.cartId, shipTo: request.shipTo, salesOrg: request.salesOrg }, false);
    const entries = await cartEntryRows(tx, cart.id, scope.soldToCode);
    if (entries.length === 0) throw emptyCart();
    const purchaseOrderNumber = request.purchaseOrderNumber === undefined ? cart.purchaseOrderNumber : request.purchaseOrderNumber;
    if (scope.purchaseOrderRequired && !purchaseOrderNumber) throw purchaseOrderMissing();
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
    return presentStandingOrder(tx, clock, { standingOrder: row, scope });
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
export async function updateStandingOrder(db: Db, clock: Clock, userId: number, code: string, filter: ScopeFilter, changes: UpdateStandingOrder) {
  return db.transaction(async (tx) => {
    const scoped = await requireStandingOrder(tx, userId, code, filter, true);
    const { standingOrder, scope } = scoped;
    if (standingOrder.status === 'ended') throw standingOrderEnded(code);
    if (changes.weekdays) checkWeekdays(changes.weekdays, scope);
    const endDate = changes.endDate === undefined ? standingOrder.endDate : changes.endDate;
    if (endDate !== null && endDate < standingOrder.startDate) throw endBeforeStart();
    if (changes.endDate && changes.endDate < todayInLondon(clock)) throw endDateInPast();
    const purchaseOrderNumber = changes.purchaseOrderNumber === undefined ? standingOrder.purchaseOrderNumber : changes.purchaseOrderNumber;
    if (scope.purchaseOrderRequired && !purchaseOrderNumber) throw purchaseOrderMissing();
    if (changes.entries) await replaceLines(tx, standingOrder.id, await checkedLines(tx, changes.entries, scope));
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
    return presentStandingOrder(tx, clock, { standingOrder: row, scope });
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
export async function changeStandingOrderStatus(db: Db, clock: Clock, userId: number, code: string, filter: ScopeFilter, action: StatusAction) {
  return db.transaction(async (tx) => {
    const { standingOrder, scope } = await requireStandingOrder(tx, userId, code, filter, true);
    if (standingOrder.status === 'ended') throw standingOrderEnded(code);
    const transition = TRANSITIONS[action];
    if (!transition.from.includes(standingOrder.status)) throw badTransition(code, standingOrder.status, transition.done);
    const now = clock();
    const [row] = await tx
      .update(standingOrders)
      .set({ status: transition.to, updatedAt: now, ...(action === 'resume' ? { activeSince: now } : {}) })
      .where(eq(standingOrders.id, standingOrder.id))
      .returning();
    if (!row) throw new Error(`standing order ${code} vanished while locked`);
    return presentStandingOrder(tx, clock, { standingOrder: row, scope });
  });
}
