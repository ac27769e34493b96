import { ALLERGENS, type Allergen, type FoodMarks } from './food-schemas';

/** The allergens as a sentence names them: "Contains tree nuts". */
export const ALLERGEN_WORDS: Record<Allergen, string> = {
  celery: 'celery',
  gluten: 'gluten',
  crustaceans: 'crustaceans',
  eggs: 'eggs',
  fish: 'fish',
  lupin: 'lupin',
  milk: 'milk',
  molluscs: 'molluscs',
  mustard: 'mustard',
  treeNuts: 'tree nuts',
  peanuts: 'peanuts',
  sesame: 'sesame',
  soya: 'soya',
  sulphites: 'sulphites',
};

export interface AvoidedAllergen {
  allergen: Allergen;
  status: 'contains' | 'mayContain';
}

/** What a product contains, or may contain, of what a site avoids, in label order. */
export function avoidedAllergens(marks: Pick<FoodMarks, 'contains' | 'mayContain'>, avoids: readonly Allergen[]): AvoidedAllergen[] {
  const avoided = new Set(avoids);
  return ALLERGENS.flatMap((allergen): AvoidedAllergen[] => {
    if (!avoided.has(allergen)) return [];
    if (marks.contains.includes(allergen)) return [{ allergen, status: 'contains' }];
    if (marks.mayContain.includes(allergen)) return [{ allergen, status: 'mayContain' }];
    return [];
  });
}

/** "Contains peanuts — Quayside avoids it", or "May contain sesame — …". */
export function avoidWarning({ allergen, status }: AvoidedAllergen, siteName: string): string {
  return `${status === 'contains' ? 'Contains' : 'May contain'} ${ALLERGEN_WORDS[allergen]} — ${siteName} avoids it`;
}
