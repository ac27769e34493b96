import 'server-only';
import { cache } from 'react';
import { apiRequest } from '@/lib/api/client';
import type { ShopScope } from '@/lib/commerce/scope';
import type { ApiResult } from '@/lib/errors/app-error';
import { allergenProfileSchema, type Allergen, type AllergenProfile } from './food-schemas';

const PROFILE_PATH = '/users/current/allergenprofile';

/**
 * The active site's allergen profile as the API answers it, failures included: the profile's own page shows why
 * it cannot be read. Cached per request by ship-to code (a request has one user; a scope object is new on every
 * shopScope() call, so it cannot be the key).
 */
export const readAllergenProfile = cache(
  (shipTo: string): Promise<ApiResult<AllergenProfile>> => apiRequest(allergenProfileSchema, PROFILE_PATH, { query: { shipTo } }),
);

/**
 * What the site avoids, for the warnings beside products (docs/food-information.md). Null when nobody is signed in
 * or no ship-to is chosen, and when the profile cannot be read: the warnings help a buyer, they never stop a page
 * from drawing, so an unreadable profile shows the page without them.
 */
export async function getAllergenProfile(scope: ShopScope | null | undefined): Promise<AllergenProfile | null> {
  if (!scope?.shipTo) return null;
  const result = await readAllergenProfile(scope.shipTo);
  return result.ok ? result.data : null;
}

/** Sets what the active site avoids; only its company's admins may (the API answers 403 to anyone else). */
export const saveAllergenProfile = (scope: ShopScope, avoids: readonly Allergen[]): Promise<ApiResult<AllergenProfile>> =>
  apiRequest(allergenProfileSchema, PROFILE_PATH, { method: 'PUT', query: { shipTo: scope.shipTo }, body: { avoids } });
