/**
 * The life of an order after it is placed, as the warehouse and the ERP report it. Cancelling is only
 * possible before picking starts: after that the goods are on their way.
 */
export const ORDER_STATUSES = ['placed', 'confirmed', 'picking', 'dispatched', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  placed: ['confirmed', 'cancelled'],
  confirmed: ['picking', 'cancelled'],
  picking: ['dispatched'],
  dispatched: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Statuses at which the warehouse knows what it actually sends, so delivered quantities may be reported. */
export const QUANTITY_STATUSES: readonly OrderStatus[] = ['picking', 'dispatched', 'delivered'];

export const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}
