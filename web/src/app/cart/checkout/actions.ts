'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { updateCartDetails } from '@/lib/commerce/cart';
import { errorText } from '@/lib/commerce/error-text';
import { placeOrder } from '@/lib/commerce/orders';
import { shopScope } from '@/lib/commerce/scope';
import { failed, type ActionState } from '../action-state';
import { checkoutDetailsSchema } from './checkout-schema';

export type SaveAnswer = { ok: true } | { ok: false; field?: string; message: string };

/** Saves checkout fields to the cart as they are typed, so a reload loses nothing. */
export async function saveCheckoutField(field: unknown, value: unknown): Promise<SaveAnswer> {
  const input = checkoutDetailsSchema.partial().safeParse(typeof field === 'string' ? { [field]: value } : {});
  if (!input.success || Object.keys(input.data).length !== 1) {
    return { ok: false, field: String(field), message: input.success ? 'Unknown field' : (input.error.issues[0]?.message ?? 'Check this field') };
  }
  const result = await updateCartDetails(await shopScope(), input.data);
  if (!result.ok) return { ok: false, field: result.error.subject, message: errorText(result.error) };
  return { ok: true };
}

const placeSchema = checkoutDetailsSchema.extend({
  cartId: z.string().min(1).max(64),
  idempotencyKey: z.uuid(),
});

/** Saves the fields once more, then places the order with the key made for this checkout view. */
export async function placeOrderAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const input = placeSchema.safeParse(Object.fromEntries(form));
  if (!input.success) return failed(input.error.issues[0]?.message ?? 'Check the form');
  const { cartId, idempotencyKey, ...details } = input.data;
  const scope = await shopScope();
  const saved = await updateCartDetails(scope, details);
  if (!saved.ok) return failed(errorText(saved.error));
  const placed = await placeOrder(scope, cartId, idempotencyKey);
  if (!placed.ok) return failed(errorText(placed.error));
  // The header's unit count lives in the root layout, which a redirect alone would keep as it was.
  revalidatePath('/', 'layout');
  redirect(`/cart/confirmation/${encodeURIComponent(placed.data.code)}/`);
}
