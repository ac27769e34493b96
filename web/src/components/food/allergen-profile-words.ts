import { ALLERGEN_WORDS, avoidedAllergens, avoidWarning } from '@/lib/food/avoided';
import type { Allergen, FoodMarks } from '@/lib/food/food-schemas';
import type { SiteAvoid } from '@/lib/food/food-text';

/** "peanuts", "milk and peanuts", "celery, milk and peanuts": the allergens as a sentence lists them. */
export function allergenList(avoids: readonly Allergen[]): string {
  const words = avoids.map((allergen) => ALLERGEN_WORDS[allergen]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** What the profile says in one sentence: "Harbour Café – Quayside avoids milk and peanuts." */
export function avoidsSentence(siteName: string, avoids: readonly Allergen[]): string {
  return avoids.length === 0 ? `${siteName} avoids none of the 14 allergens.` : `${siteName} avoids ${allergenList(avoids)}.`;
}

/**
 * "Contains peanuts — Harbour Café – Quayside avoids it", one for each thing of the site's profile the product
 * holds: what a button that adds the product asks about first. Empty when the site avoids none of it.
 */
export function avoidWarnings(marks: Pick<FoodMarks, 'contains' | 'mayContain'>, avoid: SiteAvoid | null | undefined): string[] {
  return avoid ? avoidedAllergens(marks, avoid.avoids).map((item) => avoidWarning(item, avoid.siteName)) : [];
}

/** The confirm step's question: "Contains peanuts — Harbour Café – Quayside avoids it. Add it anyway?" */
export const avoidQuestion = (warnings: readonly string[]): string => `${warnings.join('. ')}. Add it anyway?`;
