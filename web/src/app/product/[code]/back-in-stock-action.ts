'use server';

import { askBackInStock } from '@/lib/commerce/back-in-stock';
import { productCodeSchema } from '@/lib/commerce/quantity-input';
import { shopScope } from '@/lib/commerce/scope';
import { done, failed, failedWith, type ActionState } from '@/lib/forms/action-state';

/** "Tell me when it is back" (docs/stock.md): the answer is the same whether they asked now or before. */
export async function backInStockAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const code = productCodeSchema.safeParse(form.get('productCode'));
  if (!code.success) return failed('Reload the page and try again');
  const result = await askBackInStock(await shopScope(), code.data);
  if (!result.ok) return failedWith(result.error);
  return done('We will e-mail you once when it is back in stock');
}
