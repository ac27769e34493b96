import type { Tx } from '../db/client';
import { carts } from '../db/schema';
import { eq } from 'drizzle-orm';
import { checkDeliveryDate, type Clock } from '../delivery/delivery-dates';
import type { ScopedCart } from './cart-queries';
import { fail, ok, type Result } from './problems';

/** What PUT /carts/{id} may set; null clears a field, an absent field is left as it is. */
export interface CartDetails {
  purchaseOrderNumber?: string | null;
  deliveryInstructions?: string | null;
  requestedDeliveryDate?: string | null;
}

export async function updateCartDetails(tx: Tx, { cart, scope }: ScopedCart, details: CartDetails, clock: Clock): Promise<Result<null>> {
  const date = details.requestedDeliveryDate;
  if (date) {
    const check = checkDeliveryDate(clock(), date, scope);
    if (check !== 'orderable') return fail({ kind: 'deliveryDateNotOrderable', date, why: check });
  }
  await tx
    .update(carts)
    .set({
      purchaseOrderNumber: details.purchaseOrderNumber,
      deliveryInstructions: details.deliveryInstructions,
      requestedDeliveryDate: date,
    })
    .where(eq(carts.id, cart.id));
  return ok(null);
}
