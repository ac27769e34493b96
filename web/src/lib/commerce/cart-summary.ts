import 'server-only';
import { getActiveCart } from './cart';
import type { ShopScope } from './scope';

export interface CartSummary {
  totalUnitCount: number;
}

/** The header's unit count: the current cart of the active account and range (0 when it cannot be read). */
export async function getCartSummary(scope: ShopScope): Promise<CartSummary> {
  const result = await getActiveCart(scope);
  return { totalUnitCount: result.ok ? result.data.totalUnitCount : 0 };
}
