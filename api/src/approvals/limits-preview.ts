import type { Range } from '../accounts/ship-tos';
import { priceCartEntries } from '../carts/cart-prices';
import { cartEntryRows } from '../carts/cart-queries';
import type { CommerceProblem } from '../carts/problems';
import { resolveCart } from '../carts/resolve-cart';
import type { Db } from '../db/client';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { priceContext } from '../pricing/price-adjuster';
import { priceCharges, rowTotals } from '../pricing/price-lines';
import { checkLimits, type ApprovalReason } from '../spending-limits/limit-check';

export interface ApprovalPreview {
  needsApproval: boolean;
  reasons: ApprovalReason[];
}

/**
 * What checkout would decide about the current cart of a ship-to and range, for the "Needs approval" notice
 * before the order is placed: the same check, on the cart as it stands, for `deliveryDate` or else the
 * cart's own date. Nothing is written.
 */
export async function previewApproval(db: Db, userId: number, target: { shipTo?: string; salesOrg?: Range }, deliveryDate: string | undefined): Promise<Result<ApprovalPreview, CommerceProblem>> {
  return inTransaction(db, async (tx): Promise<Result<ApprovalPreview, CommerceProblem>> => {
    const resolved = await resolveCart(tx, userId, { cartId: 'active', ...target }, { lock: false });
    if (!resolved.ok) return resolved;
    const { cart, scope } = resolved.value;
    const date = deliveryDate ?? cart.requestedDeliveryDate;
    if (!date) return fail({ kind: 'deliveryDateMissing' });
    // Priced for the date checked, not the cart's: checkout prices the order for its delivery date, offers and all.
    const entries = await priceCartEntries(tx, { ...cart, requestedDeliveryDate: date }, scope, await cartEntryRows(tx, cart.id, scope.soldToCode));
    // With the delivery charge below a minimum order, as the order's total will have it (docs/minimum-order.md).
    const netPence = priceCharges(priceContext(scope, date), rowTotals(entries)).totals.netPence;
    const reasons = await checkLimits(tx, { soldTo: scope.soldToCode, shipTo: scope.shipToCode, userId, deliveryDate: date, netPence, countedPence: 0 });
    return ok({ needsApproval: reasons.length > 0, reasons });
  });
}
