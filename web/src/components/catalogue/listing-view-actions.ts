'use server';

import { cookies } from 'next/headers';
import { listingViewCookie } from '@/lib/commerce/listing-view';
import { getSession } from '@/lib/session/session';

const YEAR_SECONDS = 365 * 24 * 3600;

/** Remembers the customer's choice of grid or list; the page re-renders with it. */
export async function chooseListingViewAction(view: unknown): Promise<void> {
  const customerId = (await getSession()).user?.customerId;
  if (!customerId || (view !== 'grid' && view !== 'list')) return;
  (await cookies()).set(listingViewCookie(customerId), view, { path: '/', sameSite: 'lax', httpOnly: true, maxAge: YEAR_SECONDS });
}
