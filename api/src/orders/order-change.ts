import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orders, shipToRanges, shipTos, users, userShipTos } from '../db/schema';
import type { Clock } from '../delivery/delivery-dates';
import { placingOperatorOf, type PlacedBy } from '../order-status/order-event';
import { amendCheck, orderCutoff } from './order-cutoff';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import type { OrderChangeProblem } from './problems';
import { findOwnedOrder, orderAddresses, type OrderRecord, type OrderRow } from './order-queries';

/** The caller's order, locked for the rest of the transaction, with what a change needs to know about it. */
export interface LockedOrder {
  order: OrderRow;
  shipToName: string;
  cutoffTime: string;
  purchaseOrderRequired: boolean;
  /** Whether the user who placed it is still active: a disabled one changes nothing (canPlace). */
  owner: { status: string };
  /** The addressee of the change's e-mail: the user who placed the order (only they may change it). */
  placedBy: PlacedBy;
}

export type OrderChangeOutcome = Result<OrderRecord, OrderChangeProblem>;

/**
 * Locks the order row (FOR UPDATE, as a status report from the ERP does) only if the caller placed it and
 * still holds its ship-to and range; any other order is answered as missing.
 */
async function lockOwnedOrder(tx: Tx, userId: number, code: string): Promise<LockedOrder | undefined> {
  const rows = await tx
    .select({
      order: orders,
      shipToName: shipTos.name,
      cutoffTime: shipTos.cutoffTime,
      purchaseOrderRequired: shipTos.purchaseOrderRequired,
      owner: { status: users.status },
      placedBy: { customerId: users.customerId, name: users.name, email: users.email, operator: placingOperatorOf },
    })
    .from(orders)
    .innerJoin(userShipTos, and(eq(userShipTos.userId, orders.userId), eq(userShipTos.shipToCode, orders.shipToCode)))
    .innerJoin(shipToRanges, and(eq(shipToRanges.shipToCode, orders.shipToCode), eq(shipToRanges.range, orders.range)))
    .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.code, code), eq(orders.userId, userId)))
    .for('update', { of: orders });
  return rows[0];
}

/**
 * One customer change to a placed order, in one transaction: the order is locked, then checked against its
 * status and cut-off at the moment the lock is held, so whatever raced it (the ERP's status report, a second
 * change, the cut-off itself) either finished before and is seen, or waits and sees this change. `work`
 * writes the change and its outbox event; the answer is the order as it then stands.
 */
export async function changeOwnedOrder(
  db: Db,
  clock: Clock,
  userId: number,
  code: string,
  work: (tx: Tx, locked: LockedOrder) => Promise<Result<void, OrderChangeProblem>>,
): Promise<OrderChangeOutcome> {
  return onOwnedOrder(db, clock, userId, code, async (tx, locked) => {
    const done = await work(tx, locked);
    if (!done.ok) return done;
    const changed = await findOwnedOrder(tx, userId, code);
    if (!changed) throw new Error(`order ${code} vanished while locked`);
    return ok({ ...changed, addresses: await orderAddresses(tx, changed.order) });
  });
}

/**
 * `work` on the caller's order, locked and found still changeable (status and cut-off), in one transaction:
 * what a change does, and what the preview of one reads, so both see the order the same way.
 */
export async function onOwnedOrder<T>(
  db: Db,
  clock: Clock,
  userId: number,
  code: string,
  work: (tx: Tx, locked: LockedOrder) => Promise<Result<T, OrderChangeProblem>>,
): Promise<Result<T, OrderChangeProblem>> {
  return inTransaction(db, async (tx) => {
    const locked = await lockOwnedOrder(tx, userId, code);
    if (!locked) return fail({ kind: 'orderNotFound', code });
    const check = amendCheck(locked.order.status, orderCutoff(locked.order.deliveryDate, locked.cutoffTime), clock());
    if (check === 'statusClosed') return fail({ kind: 'statusClosed', code, status: locked.order.status });
    if (check === 'cutoffPassed') return fail({ kind: 'cutoffPassed' });
    return work(tx, locked);
  });
}
