import 'server-only';
import { requireShopSession } from '@/lib/session/session';
import type { Range } from './types';

export interface ShopScope {
  username: string;
  shipTo: string;
  soldTo: string;
  salesOrg: Range;
}

/** The active account and range every commerce call is made for; sends the user to sign in or set up first. */
export async function shopScope(): Promise<ShopScope> {
  const session = await requireShopSession();
  return {
    username: session.user.username,
    shipTo: session.activeShipTo,
    soldTo: session.activeSoldTo,
    salesOrg: session.activeSalesOrg,
  };
}

export const scopeQuery = (scope: ShopScope) => ({ shipTo: scope.shipTo, salesOrg: scope.salesOrg });
