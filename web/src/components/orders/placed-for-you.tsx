import type { Order } from '@/lib/commerce/types';

/** Who of Meadowvale placed the order for the customer, acting for them (docs/assisted-service.md); nothing when the customer did. */
export function PlacedForYou({ order, className }: { order: Pick<Order, 'placedByOperator'>; className?: string }) {
  const operator = order.placedByOperator;
  if (!operator) return null;
  return <p className={className}>Placed for you by {operator.name}, Meadowvale</p>;
}
