'use server';

import { z } from 'zod';
import { errorText } from '@/lib/commerce/error-text';
import { shopScope } from '@/lib/commerce/scope';
import { saveAllergenProfile } from '@/lib/food/allergen-profile';
import { allergenSchema, type Allergen } from '@/lib/food/food-schemas';

export type AllergenProfileState =
  | { status: 'idle' }
  | { status: 'saved'; at: number; siteName: string; avoids: Allergen[] }
  | { status: 'error'; at: number; message: string; network?: boolean };

const ticked = z.array(allergenSchema);

/** Saves every allergen the active site avoids: a ticked box is one avoided (a form posts only ticked boxes). */
export async function saveAllergenProfileAction(_previous: AllergenProfileState, form: FormData): Promise<AllergenProfileState> {
  const avoids = ticked.safeParse(form.getAll('avoid'));
  if (!avoids.success) return { status: 'error', at: Date.now(), message: 'Choose the allergens from the list' };
  const result = await saveAllergenProfile(await shopScope(), avoids.data);
  if (result.ok) return { status: 'saved', at: Date.now(), siteName: result.data.shipTo.name, avoids: result.data.avoids };
  if (result.error.type === 'FailedToFetch') return { status: 'error', at: Date.now(), message: result.error.description, network: true };
  return { status: 'error', at: Date.now(), message: errorText(result.error) };
}
