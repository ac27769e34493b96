'use server';

import { revalidatePath } from 'next/cache';
import { getCartSummary } from '@/lib/commerce/cart-summary';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getActiveCart, updateCartDetails } from '@/lib/commerce/cart';
import { repricedLines, repricedText } from '@/lib/commerce/repriced';
import { errorText } from '@/lib/commerce/error-text';
import { orderedAs, placeOrder } from '@/lib/commerce/orders';
import { shopScope } from '@/lib/commerce/scope';
import type { AppError } from '@/lib/errors/app-error';
import { failed, failedWith, type ActionState } from '@/lib/forms/action-state';
import { checkoutDetailsSchema } from '@/lib/commerce/checkout-schema';
import { approvalNotice, type ApprovalNotice } from '@/lib/commerce/approval-calls';

/** A saved field; a new delivery date also says which lines it re-priced ("Prices for Friday 4 December: …"). */
export type SaveAnswer = { ok: true; repriced?: string } | { ok: false; field?: string; message: string; network?: boolean };

const cartIdSchema = z.string().min(1).max(64);

/** The cart this checkout shows is no longer open: ordered, saved or cleared in another tab. */
const NOT_OPEN = 'This cart is no longer open: it was ordered or changed in another tab. Reload the page to see your cart.';

const isCartGone = (error: AppError) => error.status === 404 && error.subject === 'cartId';

/** Saves checkout fields to the cart as they are typed, so a reload loses nothing. */
export async function saveCheckoutField(cartId: unknown, field: unknown, value: unknown): Promise<SaveAnswer> {
  const cart = cartIdSchema.safeParse(cartId);
  const input = checkoutDetailsSchema.partial().safeParse(typeof field === 'string' ? { [field]: value } : {});
  if (!cart.success) return { ok: false, message: 'Reload the page and try again' };
  if (!input.success || Object.keys(input.data).length !== 1) {
    return { ok: false, field: String(field), message: input.success ? 'Unknown field' : (input.error.issues[0]?.message ?? 'Check this field') };
  }
  const scope = await shopScope();
  const date = input.data.requestedDeliveryDate;
  // Prices are those in force on the delivery date (docs/pricing.md): a new date is compared with the cart before it.
  const before = date ? await getActiveCart(scope) : undefined;
  const result = await updateCartDetails(scope, cart.data, input.data);
  if (result.ok && date) {
    revalidatePath('/cart/checkout/');
    const repriced = before?.ok && before.data.code === result.data.code ? repricedText(date, repricedLines(before.data, result.data)) : null;
    return repriced ? { ok: true, repriced } : { ok: true };
  }
  if (result.ok) return { ok: true };
  if (result.error.type === 'FailedToFetch') return { ok: false, message: result.error.description, network: true };
  return { ok: false, field: result.error.subject, message: isCartGone(result.error) ? NOT_OPEN : errorText(result.error) };
}

const placeSchema = checkoutDetailsSchema.extend({
  cartId: cartIdSchema,
  idempotencyKey: z.uuid(),
});

/**
 * Saves the fields once more, then places the order with the key made for this checkout view. A cart already
 * ordered (in another tab) is named with a link to its order, and the header's count is brought up to date.
 */
export async function placeOrderAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const input = placeSchema.safeParse(Object.fromEntries(form));
  if (!input.success) return failed(input.error.issues[0]?.message ?? 'Check the form');
  const { cartId, idempotencyKey, ...details } = input.data;
  const scope = await shopScope();
  const saved = await updateCartDetails(scope, cartId, details);
  // A cart that is gone may have been ordered: placing it answers which order it became.
  if (!saved.ok && !isCartGone(saved.error)) return failedWith(saved.error);
  const placed = await placeOrder(scope, cartId, idempotencyKey);
  if (!placed.ok) {
    const orderCode = orderedAs(placed.error);
    if (!orderCode) return saved.ok ? failedWith(placed.error) : failed(NOT_OPEN);
    // Not refresh(): the page would turn into an empty checkout and take the message with it. The header
    // gets the current cart's count instead.
    const { totalUnitCount } = await getCartSummary(scope);
    const link = { href: `/account/orders/${encodeURIComponent(orderCode)}/`, label: orderCode };
    return failed(errorText(placed.error), { link, cartUnits: totalUnitCount });
  }
  // The header's unit count lives in the root layout, which a redirect alone would keep as it was.
  revalidatePath('/', 'layout');
  redirect(`/cart/confirmation/${encodeURIComponent(placed.data.code)}/`);
}

/** Checkout's "Needs approval" notice for another delivery date (docs/approvals.md), asked when the date changes. */
export async function approvalNoticeFor(deliveryDate: unknown): Promise<ApprovalNotice> {
  const date = z.iso.date().safeParse(deliveryDate);
  return date.success ? approvalNotice(await shopScope(), date.data) : undefined;
}
