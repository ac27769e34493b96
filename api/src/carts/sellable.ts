import { LIMITS } from './limits';
import type { CommerceProblem } from './problems';

export const MAX_QUANTITY = LIMITS.quantity;
export const MAX_LINES = LIMITS.orderLines;

export interface ProductRules {
  code: string;
  name: string;
  packSize: string;
  range: string;
  discontinued: boolean;
  minOrderQuantity: number;
}

/** Whether a product may sit in a cart of `range` with `quantity` cases: the one rule for add, update, checkout and reorder. */
export function lineProblem(code: string, product: ProductRules | undefined, range: string, quantity: number): CommerceProblem | undefined {
  if (!product) return { kind: 'productUnknown', productCode: code };
  if (product.range !== range) return { kind: 'productOtherRange', productCode: code, range };
  if (product.discontinued) return { kind: 'productDiscontinued', productCode: code };
  if (quantity > MAX_QUANTITY) return { kind: 'quantityTooLarge', productCode: code, maximum: MAX_QUANTITY };
  if (quantity < product.minOrderQuantity) return { kind: 'belowMinimum', productCode: code, minimum: product.minOrderQuantity };
  return undefined;
}
