'use server';

import { refresh, revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ReorderAnswer } from '@/app/account/orders/actions';
import { addSavedCartToCart, deleteCart, restoreSavedCart } from '@/lib/commerce/cart';
import { errorText } from '@/lib/commerce/error-text';
import { shopScope } from '@/lib/commerce/scope';
import { done, failed, failedWith, type ActionState } from '@/lib/forms/action-state';

const cartIdSchema = z.string().min(1).max(64);

/** The saved cart becomes the current cart; the API saves the one that was current, so nothing is lost. */
export async function restoreCartAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const cartId = cartIdSchema.safeParse(form.get('cartId'));
  if (!cartId.success) return failed('Reload the page and try again');
  const result = await restoreSavedCart(await shopScope(), cartId.data);
  if (!result.ok) return failedWith(result.error);
  // The header's unit count lives in the root layout, which a redirect alone would keep as it was.
  revalidatePath('/', 'layout');
  redirect('/cart/');
}

export async function deleteSavedCartAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const cartId = cartIdSchema.safeParse(form.get('cartId'));
  if (!cartId.success) return failed('Reload the page and try again');
  const result = await deleteCart(await shopScope(), cartId.data);
  if (!result.ok) return failedWith(result.error);
  refresh();
  return done('Saved cart deleted');
}

/** The saved cart's lines go into the current cart and the saved cart stays; lines that could not go are reported. */
export async function addSavedCartToCartAction(_previous: ReorderAnswer, form: FormData): Promise<ReorderAnswer> {
  const cartId = cartIdSchema.safeParse(form.get('cartId'));
  if (!cartId.success) return { status: 'error', message: 'Reload the page and try again' };
  const result = await addSavedCartToCart(await shopScope(), cartId.data);
  if (!result.ok) return { status: 'error', message: errorText(result.error), network: result.error.type === 'FailedToFetch' };
  refresh();
  const notAdded = result.data.notAdded.map(({ productCode, name, message }) => ({ productCode, name, message }));
  return { status: 'done', added: result.data.added.length, notAdded };
}
