import { checkDeliveryDate, type Clock } from '../delivery/delivery-dates';
import { unchangedLines, type Applied, type CartState } from './cart-change';
import { fail, ok, type Result } from './problems';

/** What PUT /carts/{id} may set; null clears a field, an absent field is left as it is. */
export interface CartDetails {
  purchaseOrderNumber?: string | null;
  deliveryInstructions?: string | null;
  requestedDeliveryDate?: string | null;
}

/** The details as cart fields, set by the frame with the version bump; a delivery date must be orderable now. */
export function updateCartDetails(state: CartState, details: CartDetails, clock: Clock): Result<Applied<null>> {
  const date = details.requestedDeliveryDate;
  if (date) {
    const check = checkDeliveryDate(clock(), date, state.scope);
    if (check !== 'orderable') return fail({ kind: 'deliveryDateNotOrderable', date, why: check });
  }
  return ok(
    unchangedLines(state, null, {
      purchaseOrderNumber: details.purchaseOrderNumber,
      deliveryInstructions: details.deliveryInstructions,
      requestedDeliveryDate: date,
    }),
  );
}
