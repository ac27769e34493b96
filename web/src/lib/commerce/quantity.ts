import type { AppError } from '@/lib/errors/app-error';
import { errorText } from './error-text';
import { LIMITS } from '../limits';

/**
 * The rules of a quantity typed into the shop, used by the cart in the browser and again by the Server Actions.
 * No zod here: this module is part of the cart page's script (the Server Actions' schemas are in quantity-input.ts).
 */
export const MAX_QUANTITY = LIMITS.quantity;

/** What a quantity box knows about its product, so a message can name it and say what it takes. */
export interface QuantityRule {
  productName: string;
  minimum: number;
  /** In the cart 0 removes the line (docs/storefront-requirements.md §4); when adding, 0 is no quantity at all. */
  zeroRemoves: boolean;
}

/** The one wording of every quantity message: the product by name and the quantities it may take. */
export function quantityMessage(rule: QuantityRule): string {
  const message = `Enter ${Math.max(1, rule.minimum)} to ${MAX_QUANTITY} cases of ${rule.productName}`;
  return rule.zeroRemoves ? `${message}, or 0 to remove it` : message;
}

export type QuantityReading = { ok: true; quantity: number } | { ok: false; message: string };

const WHOLE_NUMBER = /^\d{1,4}$/;

/** A typed quantity: whole cases from the product's minimum up to 9 999, 0 where it removes; blank is never 0. */
export function readQuantity(raw: unknown, rule: QuantityRule): QuantityReading {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!WHOLE_NUMBER.test(text)) return { ok: false, message: quantityMessage(rule) };
  const quantity = Number(text);
  if (quantity === 0 && rule.zeroRemoves) return { ok: true, quantity };
  if (quantity < Math.max(1, rule.minimum)) return { ok: false, message: quantityMessage(rule) };
  return { ok: true, quantity };
}

/**
 * An API refusal of a line, worded for the customer: a quantity problem in the one wording above, anything
 * else with the product's name where the API names its code.
 */
export function lineErrorText(error: AppError, productCode: string, rule: QuantityRule): string {
  if (error.subject === 'quantity' && error.reason === 'invalid') return quantityMessage(rule);
  return errorText(error).replaceAll(`Product '${productCode}'`, rule.productName);
}
