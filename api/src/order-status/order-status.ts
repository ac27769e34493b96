import { ORDER_STATUSES, type OrderStatus } from '../db/schema/order-statuses';

/**
 * The life of an order, as one table: every status (the one list, kept in db/schema/order-statuses.ts so the
 * database's check is derived from it), and the moves checkout, the warehouse, the ERP, an operator, an
 * approval or the customer may make from it (docs/ordering-rules.md). Every rule about statuses is read from
 * here.
 */
export { ORDER_STATUSES, type OrderStatus };

/** Where an order stands before its first status: being written (checkout, a standing order's delivery). */
export type OrderOrigin = OrderStatus | 'new';

/**
 * The event each transition writes (docs/ordering-rules.md "The order process"). The ERP and the buyer's
 * e-mails hear of it through the outbox when the ERP may act on the order before the move, or the move places it
 * (erpHears); the others (a held order's hold, rejection, expiry or cancellation) are heard only by the
 * reactions modules register (order-process.ts), which write their own notices.
 */
export type OrderProcessEvent = 'order.placed' | 'order.held' | 'order.status_changed' | 'order.cancelled' | 'order.rejected' | 'order.expired';

/**
 * Every move and its event. A new order is placed, or held by a placement policy: for approval
 * (pendingApproval, docs/approvals.md), or for credit (awaitingCredit, docs/credit-control.md), which is asked
 * after approval, so an approved order may still wait for credit. A held order is placed by its decision,
 * ends rejected, or expires at its cut-off undecided; an expired one goes back to wait for another date, or is
 * placed for it when the new date passes every policy. A placed or confirmed order amended over a limit is
 * held again: the ERP knew it, so it hears of it as of any status change.
 */
export const TRANSITIONS: Readonly<Record<OrderOrigin, Readonly<Partial<Record<OrderStatus, OrderProcessEvent>>>>> = {
  new: { placed: 'order.placed', pendingApproval: 'order.held', awaitingCredit: 'order.held' },
  pendingApproval: { placed: 'order.placed', awaitingCredit: 'order.held', rejected: 'order.rejected', expired: 'order.expired', cancelled: 'order.cancelled' },
  awaitingCredit: { placed: 'order.placed', pendingApproval: 'order.held', rejected: 'order.rejected', expired: 'order.expired', cancelled: 'order.cancelled' },
  placed: { confirmed: 'order.status_changed', cancelled: 'order.cancelled', pendingApproval: 'order.status_changed' },
  confirmed: { picking: 'order.status_changed', cancelled: 'order.cancelled', pendingApproval: 'order.status_changed' },
  picking: { dispatched: 'order.status_changed' },
  dispatched: { delivered: 'order.status_changed' },
  delivered: {},
  cancelled: {},
  rejected: {},
  expired: { pendingApproval: 'order.held', awaitingCredit: 'order.held', placed: 'order.placed', cancelled: 'order.cancelled' },
};

/** The statuses an order may move to from `from`, in the table's order. */
const movesFrom = (from: OrderOrigin): OrderStatus[] => Object.keys(TRANSITIONS[from]) as OrderStatus[];

/**
 * Statuses at which the goods have left the warehouse, so what was delivered is known: a line's delivered
 * quantity exists from dispatch on, never while the order is still being picked.
 */
export const QUANTITY_STATUSES: readonly OrderStatus[] = ['dispatched', 'delivered'];

export function canMove(from: OrderOrigin, to: OrderStatus): boolean {
  return TRANSITIONS[from][to] !== undefined;
}

/**
 * The statuses of an order waiting for, or turned down by, a decision (approval or credit): no status report
 * moves one in or out.
 */
export const DECISION_STATUSES: readonly OrderStatus[] = ['pendingApproval', 'awaitingCredit', 'rejected', 'expired'];

/** The statuses of an order held for a decision: approval's, then credit's (order-process.ts). */
export const HELD_STATUSES = ['pendingApproval', 'awaitingCredit'] as const satisfies readonly OrderStatus[];
export type HeldStatus = (typeof HELD_STATUSES)[number];

/** The statuses of an order waiting to be placed: held, or expired and waiting for another date. */
export const WAITING_STATUSES: readonly OrderStatus[] = [...HELD_STATUSES, 'expired'];


/**
 * Whether the ERP may act on an order at this status: not while it waits for approval or credit, nor once it
 * was turned down or let expire (docs/approvals.md, docs/credit-control.md). The one rule for what the ERP hears: no webhook tells it of
 * such an order, and the CSV export leaves it out.
 */
export const erpMayActOn = (status: OrderOrigin): boolean => status !== 'new' && !DECISION_STATUSES.includes(status);

/**
 * Whether the ERP (and the buyer's order e-mails) hear of a move: every move of an order it may act on, and
 * the move that places one; never the hold, rejection, expiry or cancellation of an order it never heard of.
 */
export const erpHears = (from: OrderOrigin, to: OrderStatus): boolean => erpMayActOn(from) || to === 'placed';

/**
 * Statuses whose orders spend a ship-to's period budget (spending-limits/limit-check.ts): placed, and whatever a
 * placed order becomes but cancelled. A held order does not: a buyer's order waiting for a decision must not
 * push another buyer's order over the budget (docs/approvals.md "Limits").
 */
export const SPENDING_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => erpMayActOn(status) && status !== 'cancelled');

/** The statuses erpMayActOn accepts, for queries. */
export const ERP_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(erpMayActOn);

/**
 * The moves a status report (the ERP, an operator's status form) may make from `from`: the table's, less
 * holding, approving, releasing, rejecting and expiring, which are the decisions' own (docs/approvals.md,
 * docs/credit-control.md).
 */
export function reportableMoves(from: OrderStatus): readonly OrderStatus[] {
  if (DECISION_STATUSES.includes(from)) return [];
  return movesFrom(from).filter((to) => !DECISION_STATUSES.includes(to));
}

/**
 * Whether the customer may still amend or cancel an order at this status (before its cut-off): exactly while
 * it can still be cancelled, since until picking starts an order is only a plan.
 */
export function customerMayChange(status: OrderStatus): boolean {
  return canMove(status, 'cancelled');
}
