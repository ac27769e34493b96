import type { PricedEntry } from '../carts/cart-prices';
import { priceContext } from '../pricing/price-adjuster';
import type { Db, DbOrTx } from '../db/client';
import type { IsoDate } from '../time/calendar-date';
import type { Clock } from '../delivery/delivery-dates';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import type { StandingOrderProblem } from './problems';
import { deliveryOn, type ScheduledDelivery } from './schedule';
import { checkedLines, type EntryInput } from './standing-lines';
import { requireStandingOrder, type ScopeFilter } from './standing-order-service';
import {
  deliveryLineRows,
  deliveryRecords,
  ruleOf,
  saveDeliveryRecord,
  scheduleOf,
  standingLines,
  type DeliveryRecord,
  type ScopedStandingOrder,
} from './standing-queries';
import { deliveryDetailView } from './standing-view';

export interface DeliveryState {
  delivery: ScheduledDelivery;
  record: DeliveryRecord | undefined;
  /** The lines this delivery is ordered with: its own, or the standing lines; sold or not. */
  entries: PricedEntry[];
}

/** One delivery of a standing order as things stand: when, what is recorded, and its lines priced now. */
export async function deliveryState(db: DbOrTx, scoped: ScopedStandingOrder, date: IsoDate): Promise<DeliveryState | undefined> {
  const { standingOrder, scope } = scoped;
  const delivery = deliveryOn(ruleOf(standingOrder), scheduleOf(scope), date);
  if (!delivery) return undefined;
  const record = (await deliveryRecords(db, [standingOrder.id], date)).get(standingOrder.id)?.get(date);
  const context = priceContext(scope, date);
  const entries = record?.lines
    ? await deliveryLineRows(db, record.lines, context)
    : ((await standingLines(db, [standingOrder.id], context)).get(standingOrder.id) ?? []);
  return { delivery, record, entries };
}

async function requireDelivery(db: DbOrTx, scoped: ScopedStandingOrder, date: IsoDate): Promise<Result<DeliveryState, StandingOrderProblem>> {
  const state = await deliveryState(db, scoped, date);
  return state ? ok(state) : fail({ kind: 'deliveryNotFound', code: scoped.standingOrder.code, date });
}

const present = (scoped: ScopedStandingOrder, state: DeliveryState) => deliveryDetailView(scoped, state.delivery, state.record, state.entries);

export type DeliveryDetail = ReturnType<typeof present>;

export async function readDelivery(db: Db, userId: number, code: string, filter: ScopeFilter, date: IsoDate): Promise<Result<DeliveryDetail, StandingOrderProblem>> {
  const scoped = await requireStandingOrder(db, userId, code, filter, false);
  return scoped.ok ? presentDelivery(db, scoped.value, date) : scoped;
}

export interface DeliveryChange {
  skipped?: boolean;
  entries?: EntryInput[];
}

/**
 * Skips one delivery, takes the skip back, or gives it lines of its own, until its cut-off. The standing
 * order's row is locked, as the scheduler locks it to place the order: a change racing the cut-off either
 * lands before the order is written or finds it placed and is refused.
 */
export async function changeDelivery(
  db: Db,
  clock: Clock,
  userId: number,
  code: string,
  filter: ScopeFilter,
  date: IsoDate,
  change: DeliveryChange,
): Promise<Result<DeliveryDetail, StandingOrderProblem>> {
  return inTransaction(db, async (tx) => {
    const scoped = await requireStandingOrder(tx, userId, code, filter, true);
    if (!scoped.ok) return scoped;
    if (scoped.value.standingOrder.status === 'ended') return fail({ kind: 'standingOrderEnded', code });
    const state = await requireDelivery(tx, scoped.value, date);
    if (!state.ok) return state;
    const { delivery, record } = state.value;
    if (record?.orderId || record?.problem || clock().getTime() >= delivery.cutoff.getTime()) return fail({ kind: 'cutoffPassed' });
    if (delivery.holidaySkipped) return fail({ kind: 'bankHolidayCancels' });
    const lines = change.entries ? await checkedLines(tx, change.entries, scoped.value.scope) : undefined;
    if (lines && !lines.ok) return lines;
    await saveDeliveryRecord(tx, scoped.value.standingOrder.id, date, {
      ...(change.skipped === undefined ? {} : { skipped: change.skipped }),
      ...(lines ? { lines: lines.value } : {}),
    });
    return presentDelivery(tx, scoped.value, date);
  });
}

async function presentDelivery(db: DbOrTx, scoped: ScopedStandingOrder, date: IsoDate): Promise<Result<DeliveryDetail, StandingOrderProblem>> {
  const state = await requireDelivery(db, scoped, date);
  return state.ok ? ok(present(scoped, state.value)) : state;
}
