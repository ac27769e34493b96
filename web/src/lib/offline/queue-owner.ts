import 'server-only';
import { createHmac } from 'node:crypto';
import { getConfig } from '@/lib/config';
import type { ShopScope } from '@/lib/commerce/scope';

/**
 * Whose queue a change belongs to: the user with the account and range the change was made for, as an opaque
 * tag the browser may keep (a keyed hash, so it names nobody and cannot be made up for another user). A change
 * is replayed only in a session with the same tag.
 */
export function queueOwner(scope: ShopScope): string {
  return createHmac('sha256', getConfig().sessionSecret)
    .update(`offline-cart\n${scope.username}\n${scope.shipTo}\n${scope.salesOrg}`)
    .digest('base64url')
    .slice(0, 32);
}
