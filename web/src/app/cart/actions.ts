'use server';

import { refresh, revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { addToCart, deleteCart, saveCart, setEntryQuantity } from '@/lib/commerce/cart';
import { errorText } from '@/lib/commerce/error-text';
import { addToCartSchema, productCodeSchema, quantitySchema } from '@/lib/commerce/quantity';
import { shopScope } from '@/lib/commerce/scope';
import { done, failed, type ActionState } from './action-state';

const units = (n: number) => (n === 1 ? '1 case' : `${n} cases`);

export async function addToCartAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const input = addToCartSchema.safeParse({ productCode: form.get('productCode'), quantity: form.get('quantity') });
  if (!input.success) return failed(input.error.issues[0]?.message ?? 'Check the quantity');
  const scope = await shopScope();
  const result = await addToCart(scope, input.data.productCode, input.data.quantity);
  if (!result.ok) return failed(errorText(result.error));
  refresh();
  return done(`Added ${units(input.data.quantity)} to your cart`);
}

const entrySchema = z.object({
  entryNumber: z.number().int().min(0),
  productCode: productCodeSchema,
  quantity: quantitySchema,
});

export type LineAnswer = { ok: true } | { ok: false; message: string };

/** Quantity 0 removes the line (spec §5); errors come back to the line concerned. */
export async function setQuantityAction(entryNumber: number, productCode: string, quantity: unknown): Promise<LineAnswer> {
  const input = entrySchema.safeParse({ entryNumber, productCode, quantity: typeof quantity === 'string' ? quantity.trim() : quantity });
  if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? 'Check the quantity' };
  const scope = await shopScope();
  const result = await setEntryQuantity(scope, input.data.entryNumber, input.data.productCode, input.data.quantity);
  if (!result.ok) return { ok: false, message: errorText(result.error) };
  refresh();
  return { ok: true };
}

/** Undo of a removal: the product goes back with the quantity it had. */
export async function undoRemoveAction(productCode: string, quantity: number): Promise<LineAnswer> {
  const input = addToCartSchema.safeParse({ productCode, quantity });
  if (!input.success) return { ok: false, message: 'That line cannot be put back' };
  const result = await addToCart(await shopScope(), input.data.productCode, input.data.quantity);
  if (!result.ok) return { ok: false, message: errorText(result.error) };
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
  if (!result.ok) return failed(errorText(result.error));
  // The header's unit count lives in the root layout, which a redirect alone would keep as it was.
  revalidatePath('/', 'layout');
  redirect('/account/carts/');
}

export async function clearCartAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const cartId = z.string().min(1).max(64).safeParse(form.get('cartId'));
  if (!cartId.success) return failed('Reload the page and try again');
  const result = await deleteCart(await shopScope(), cartId.data);
  if (!result.ok) return failed(errorText(result.error));
  refresh();
  return done('Your cart is now empty');
}
