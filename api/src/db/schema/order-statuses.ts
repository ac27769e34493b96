/**
 * Every status an order can have: the one list, here so that the schema's check (orders.ts) is derived from
 * it; the moves between them and every rule about them are order-status/order-status.ts's.
 */
export const ORDER_STATUSES = ['pendingApproval', 'awaitingCredit', 'placed', 'confirmed', 'picking', 'dispatched', 'delivered', 'cancelled', 'rejected', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
