import type { Db, DbOrTx } from '../db/client';
import { checkinLines, orderCheckins } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { createCreditRequest } from '../credits/credit-request-writer';
import type { OrderRow } from '../orders/order-queries';
import { checkIn, type CheckinLineInput } from './checkin-rules';
import { deliveredAt, deliveredLines, findCheckin, findShipToOrder, userName } from './checkin-queries';
import type { CheckinProblem } from './problems';
import type { Cause } from '../tracing/cause';

export interface Checker {
  userId: number;
  name: string;
  /** The request checking in: the credit request's events carry it (tracing/cause.ts). */
  cause: Cause;
}

/** Whether an order can be checked in at `now`, and until when (docs/after-delivery.md "Check-in at the door"). */
export type Eligibility =
  | { eligible: true; deadline: Date }
  | { eligible: false; deadline: Date | null; problem: Extract<CheckinProblem, { kind: 'notDelivered' | 'windowClosed' | 'alreadyCheckedIn' }> };

/** The window opens when the order becomes delivered and closes `windowHours` later; a checked-in order is done. */
export async function eligibility(db: DbOrTx, order: OrderRow, now: Date, windowHours: number, checkedIn: boolean): Promise<Eligibility> {
  // An order made delivered without a recorded status change (imported history) counts from midday of its delivery date.
  const at = order.status === 'delivered' ? ((await deliveredAt(db, order.id)) ?? new Date(`${order.deliveryDate}T12:00:00Z`)) : null;
  const deadline = at && new Date(at.getTime() + windowHours * 3_600_000);
  if (checkedIn) return { eligible: false, deadline, problem: { kind: 'alreadyCheckedIn', code: order.code } };
  if (!deadline) return { eligible: false, deadline: null, problem: { kind: 'notDelivered', code: order.code, status: order.status } };
  if (now.getTime() > deadline.getTime()) return { eligible: false, deadline, problem: { kind: 'windowClosed', code: order.code, deadline: deadline.toISOString() } };
  return { eligible: true, deadline };
}

export interface CheckedIn {
  creditRequest: { code: string } | null;
}

/**
 * Checks a delivered order in, once, within the window: records every line as it arrived and, when any line
 * differs, makes its credit request with the event and e-mail, all in one transaction. The order's row lock
 * makes a second check-in of the same order wait, then find the first.
 */
export async function checkInOrder(db: Db, checker: Checker, code: string, lines: CheckinLineInput[], now: Date, windowHours: number): Promise<Result<CheckedIn, CheckinProblem>> {
  return inTransaction<CheckedIn, CheckinProblem>(db, async (tx) => {
    const found = await findShipToOrder(tx, checker.userId, code, true);
    if (!found) return fail({ kind: 'orderNotFound', code });
    const { order, shipToName } = found;
    const open = await eligibility(tx, order, now, windowHours, (await findCheckin(tx, order.id)) !== undefined);
    if (!open.eligible) return fail(open.problem);
    const outcome = checkIn(await deliveredLines(tx, order.id), lines);
    if (!outcome.ok) return outcome;
    await tx.insert(orderCheckins).values({ orderId: order.id, userId: checker.userId, checkedInAt: now });
    await tx.insert(checkinLines).values(outcome.value.lines.map(({ entryNumber, ...line }) => ({ orderId: order.id, lineNumber: entryNumber, ...line })));
    if (outcome.value.credit.length === 0) return ok({ creditRequest: null });
    const created = await createCreditRequest(tx, {
      order,
      shipToName,
      lines: outcome.value.credit,
      totals: outcome.value.totals,
      requestedBy: { userId: checker.userId, name: checker.name },
      cause: checker.cause,
      buyer: await userName(tx, order.userId),
    });
    return ok({ creditRequest: { code: created.code } });
  });
}
