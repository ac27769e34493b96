import 'server-only';
import { cookies } from 'next/headers';
import { getSession } from '@/lib/session/session';

export type ListingView = 'grid' | 'list';

/** One cookie per customer, so people sharing a kitchen's tablet each keep their own choice. */
export const listingViewCookie = (customerId: string): string => `mv_view_${customerId.replace(/[^A-Za-z0-9_-]/g, '')}`;

/** The signed-in customer's listing view (docs/decisions-left-open.md#weekly-ordering compact list), grid until they choose. */
export async function listingView(): Promise<ListingView> {
  const customerId = (await getSession()).user?.customerId;
  if (!customerId) return 'grid';
  return (await cookies()).get(listingViewCookie(customerId))?.value === 'list' ? 'list' : 'grid';
}
