import { ALLERGEN_WORDS } from '@/lib/food/avoided';
import type { Allergen } from '@/lib/food/food-schemas';

/** "peanuts", "milk and peanuts", "celery, milk and peanuts": the allergens as a sentence lists them. */
export function allergenList(avoids: readonly Allergen[]): string {
  const words = avoids.map((allergen) => ALLERGEN_WORDS[allergen]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** What the profile says in one sentence: "Harbour Café – Quayside avoids milk and peanuts." */
export function avoidsSentence(siteName: string, avoids: readonly Allergen[]): string {
  return avoids.length === 0 ? `${siteName} avoids none of the 14 allergens.` : `${siteName} avoids ${allergenList(avoids)}.`;
}
