/**
 * The life of an order after it is placed, as one table: every status, and the moves the warehouse, the ERP,
 * an operator or the customer may make from it (docs/ordering-rules.md). Every rule about statuses is read
 * from this table; the database refuses any other status (orders_status_check, migration 0013).
 */
export const ORDER_STATUSES = ['pendingApproval', 'placed', 'confirmed', 'picking', 'dispatched', 'delivered', 'cancelled', 'rejected', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A held order (pendingApproval, docs/approvals.md) is placed by its approval, ends rejected, or expires at its
 * cut-off undecided; an expired one goes back into approval for another date, or is placed for it when the
 * new date passes no limit. A placed or confirmed order
 * amended over a limit is held again.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pendingApproval: ['placed', 'rejected', 'expired', 'cancelled'],
  placed: ['confirmed', 'cancelled', 'pendingApproval'],
  confirmed: ['picking', 'cancelled', 'pendingApproval'],
  picking: ['dispatched'],
  dispatched: ['delivered'],
  delivered: [],
  cancelled: [],
  rejected: [],
  expired: ['pendingApproval', 'placed', 'cancelled'],
};

/**
 * Statuses at which the goods have left the warehouse, so what was delivered is known: a line's delivered
 * quantity exists from dispatch on, never while the order is still being picked.
 */
export const QUANTITY_STATUSES: readonly OrderStatus[] = ['dispatched', 'delivered'];

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses of an order waiting for, or turned down by, approval: no status report moves one in or out. */
export const APPROVAL_STATUSES: readonly OrderStatus[] = ['pendingApproval', 'rejected', 'expired'];

/**
 * Whether the ERP may act on an order at this status: not while it waits for approval, nor once approval turned
 * it down or let it expire (docs/approvals.md). The one rule for what the ERP hears: no webhook tells it of
 * such an order, and the CSV export leaves it out.
 */
export const erpMayActOn = (status: OrderStatus): boolean => !APPROVAL_STATUSES.includes(status);

/** The statuses erpMayActOn accepts, for queries. */
export const ERP_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(erpMayActOn);

/**
 * The moves a status report (the ERP, an operator's status form) may make from `from`: the table's, less
 * holding, approving, rejecting and expiring, which are the approvals' own (docs/approvals.md).
 */
export function reportableMoves(from: OrderStatus): readonly OrderStatus[] {
  if (APPROVAL_STATUSES.includes(from)) return [];
  return TRANSITIONS[from].filter((to) => !APPROVAL_STATUSES.includes(to));
}

/**
 * Whether the customer may still amend or cancel an order at this status (before its cut-off): exactly while
 * it can still be cancelled, since until picking starts an order is only a plan.
 */
export function customerMayChange(status: OrderStatus): boolean {
  return canMove(status, 'cancelled');
}
