import 'server-only';
import type { ShopScope } from '@/lib/commerce/scope';
import { getAllergenProfile } from '@/lib/food/allergen-profile';
import type { SiteAvoid } from '@/lib/food/food-text';

/** What the active site avoids, for the marks beside products; undefined when it avoids nothing or the profile cannot be read. */
export async function siteAvoid(scope: ShopScope): Promise<SiteAvoid | undefined> {
  const profile = await getAllergenProfile(scope);
  return profile && profile.avoids.length > 0 ? { siteName: profile.shipTo.name, avoids: profile.avoids } : undefined;
}
