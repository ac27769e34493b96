'use server';

import { refresh, revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { addToCart, deleteCart, saveCart, setAllowSubstitute, setEntryQuantity } from '@/lib/commerce/cart';
import { lineErrorText, readQuantity, type QuantityRule } from '@/lib/commerce/quantity';
import { productCodeSchema, quantityRuleInput } from '@/lib/commerce/quantity-input';
import { shopScope } from '@/lib/commerce/scope';
import { stockNoticeText } from '@/lib/commerce/stock-text';
import { done, failed, failedWith, type ActionState } from '@/lib/forms/action-state';
import { LIMITS } from '@/lib/limits';

const units = (n: number) => (n === 1 ? '1 case' : `${n} cases`);

export async function addToCartAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const code = productCodeSchema.safeParse(form.get('productCode'));
  if (!code.success) return failed('Reload the page and try again');
  const about = quantityRuleInput.parse({ productName: form.get('productName'), minimum: form.get('minimum') });
  const rule: QuantityRule = { ...about, zeroRemoves: false };
  const quantity = readQuantity(form.get('quantity'), rule);
  if (!quantity.ok) return failed(quantity.message);
  const result = await addToCart(await shopScope(), code.data, quantity.quantity);
  if (!result.ok) return failedWith(result.error, lineErrorText(result.error, code.data, rule));
  refresh();
  const notice = result.data.entry?.stockNotice;
  // The line keeps what was asked; the cart offers to take what is left (docs/stock.md).
  if (result.data.statusCode === 'lowStock' && notice) {
    const offer = notice.available > 0 ? ': your cart offers to take what is left' : '';
    return done(`Added ${units(quantity.quantity)} to your cart. ${stockNoticeText(notice)}${offer}`);
  }
  return done(`Added ${units(quantity.quantity)} to your cart`);
}

const lineSchema = z.object({ entryNumber: z.number().int().min(0), productCode: productCodeSchema });

/** A cart line as the quantity box knows it. */
export interface LineRef {
  entryNumber: number;
  productCode: string;
  productName: string;
  minimum: number;
}

export type LineAnswer = { ok: true } | { ok: false; message: string; network?: boolean };

const lineFailure = (answer: ActionState): LineAnswer =>
  answer.status === 'error' ? { ok: false, message: answer.message, network: answer.network } : { ok: true };

/** Quantity 0 removes the line (docs/storefront-requirements.md §4); a blank or any other bad quantity is a message naming the product. */
export async function setQuantityAction(line: LineRef, quantity: unknown): Promise<LineAnswer> {
  const ref = lineSchema.safeParse(line);
  if (!ref.success) return { ok: false, message: 'Reload the page and try again' };
  const rule: QuantityRule = { ...quantityRuleInput.parse(line), zeroRemoves: true };
  const reading = readQuantity(quantity, rule);
  if (!reading.ok) return { ok: false, message: reading.message };
  const result = await setEntryQuantity(await shopScope(), ref.data.entryNumber, ref.data.productCode, reading.quantity);
  if (!result.ok) return lineFailure(failedWith(result.error, lineErrorText(result.error, ref.data.productCode, rule)));
  refresh();
  return { ok: true };
}

/** A line's "Allow a substitute" (docs/substitutions.md). */
export async function allowSubstituteAction(entryNumber: unknown, allow: unknown): Promise<LineAnswer> {
  const entry = z.number().int().min(0).safeParse(entryNumber);
  const flag = z.boolean().safeParse(allow);
  if (!entry.success || !flag.success) return { ok: false, message: 'Reload the page and try again' };
  const result = await setAllowSubstitute(await shopScope(), entry.data, flag.data);
  if (!result.ok) return lineFailure(failedWith(result.error));
  refresh();
  return { ok: true };
}

/** Undo of a removal: the product goes back with the quantity it had. */
export async function undoRemoveAction(productCode: string, quantity: number): Promise<LineAnswer> {
  const code = productCodeSchema.safeParse(productCode);
  const amount = z.number().int().min(1).max(LIMITS.quantity).safeParse(quantity);
  if (!code.success || !amount.success) return { ok: false, message: 'That line cannot be put back' };
  const result = await addToCart(await shopScope(), code.data, amount.data);
  if (!result.ok) return lineFailure(failedWith(result.error));
  refresh();
  return { ok: true };
}

const saveSchema = z.object({
  cartId: z.string().min(1).max(64),
  name: z.string().trim().min(1, 'Enter a name for the cart').max(100, 'Use at most 100 characters'),
});

export async function saveCartAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const input = saveSchema.safeParse({ cartId: form.get('cartId'), name: form.get('name') });
  if (!input.success) return failed(input.error.issues[0]?.message ?? 'Enter a name for the cart');
  const result = await saveCart(await shopScope(), input.data.cartId, input.data.name);
  if (!result.ok) return failedWith(result.error);
  // The header's unit count lives in the root layout, which a redirect alone would keep as it was.
  revalidatePath('/', 'layout');
  // The saved cart keeps its code: the list names it at the top, so the emptied cart is explained.
  redirect(`/account/carts/?saved=${encodeURIComponent(input.data.cartId)}`);
}

export async function clearCartAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const cartId = z.string().min(1).max(64).safeParse(form.get('cartId'));
  if (!cartId.success) return failed('Reload the page and try again');
  const result = await deleteCart(await shopScope(), cartId.data);
  if (!result.ok) return failedWith(result.error);
  refresh();
  return done('Your cart is now empty');
}
