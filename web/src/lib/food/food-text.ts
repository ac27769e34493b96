import { ALLERGEN_WORDS, avoidedAllergens, avoidWarning } from './avoided';
import { ALLERGEN_NAMES, ALLERGENS, type Allergen, type DietaryFlag, type FoodMarks, type Nutrition } from './food-schemas';

/** What a site avoids and the name its warnings give it, as the marks beside a product need it. */
export interface SiteAvoid {
  siteName: string;
  avoids: Allergen[];
}

export const DIETARY_NAMES: Record<DietaryFlag, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  halal: 'Halal',
  kosher: 'Kosher',
  organic: 'Organic',
};

/** Said wherever the supplier told us nothing of an allergen: an absent answer is never "free from". */
export const NOT_SUPPLIED = 'Not supplied — ask us';

/** A status as the allergen table says it. */
export type AllergenStatusText = 'Contains' | 'May contain' | 'Free from' | typeof NOT_SUPPLIED;

/**
 * The compact marks as words, worked out where the data is (the server): the site's warnings, the dietary badges
 * and the allergen lines. A client component (the quick order) draws these texts without the schemas' code.
 */
export interface MarkTexts {
  warnings: string[];
  dietary: string[];
  allergens: string[];
}

export function markTexts(marks: FoodMarks, avoid?: SiteAvoid | null): MarkTexts {
  return {
    warnings: avoid ? avoidedAllergens(marks, avoid.avoids).map((item) => avoidWarning(item, avoid.siteName)) : [],
    dietary: marks.dietary.map((flag) => DIETARY_NAMES[flag]),
    allergens: compactAllergenTexts(marks),
  };
}

/** The marks a card or a line shows in a few words: "Contains: milk, eggs", "May contain: tree nuts". */
export function compactAllergenTexts(marks: FoodMarks): string[] {
  if (marks.notSupplied.length === ALLERGENS.length) return [`Allergens: ${NOT_SUPPLIED}`];
  const words = (list: readonly Allergen[]) => list.map((allergen) => ALLERGEN_WORDS[allergen]).join(', ');
  return [
    ...(marks.contains.length > 0 ? [`Contains: ${words(marks.contains)}`] : []),
    ...(marks.mayContain.length > 0 ? [`May contain: ${words(marks.mayContain)}`] : []),
  ];
}

/** All 14 allergens in label order, each with what the supplier declared. */
export function allergenRows(marks: FoodMarks): { allergen: Allergen; name: string; status: AllergenStatusText }[] {
  return ALLERGENS.map((allergen) => ({
    allergen,
    name: ALLERGEN_NAMES[allergen],
    status: marks.contains.includes(allergen)
      ? 'Contains'
      : marks.mayContain.includes(allergen)
        ? 'May contain'
        : marks.notSupplied.includes(allergen)
          ? NOT_SUPPLIED
          : 'Free from',
  }));
}

const grams = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** The nutrition table's rows as a UK label reads them, per 100 g or 100 ml. */
export function nutritionRows(nutrition: Nutrition): { label: string; value: string; sub: boolean }[] {
  const g = (value: number) => `${grams.format(value)} g`;
  return [
    { label: 'Energy', value: `${whole.format(nutrition.energyKj)} kJ / ${whole.format(nutrition.energyKcal)} kcal`, sub: false },
    { label: 'Fat', value: g(nutrition.fat), sub: false },
    { label: 'of which saturates', value: g(nutrition.saturates), sub: true },
    { label: 'Carbohydrate', value: g(nutrition.carbohydrate), sub: false },
    { label: 'of which sugars', value: g(nutrition.sugars), sub: true },
    { label: 'Protein', value: g(nutrition.protein), sub: false },
    // Salt is declared to two places on labels: 0.05 g and 0.1 g are different answers to a low-salt diet.
    { label: 'Salt', value: `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(nutrition.salt)} g`, sub: false },
  ];
}

export const nutritionBasisText = (basis: Nutrition['basis']): string => (basis === '100ml' ? 'Per 100 ml' : 'Per 100 g');

/** The web address of a product's specification sheet, which the storefront streams from the API. */
export const specificationSheetHref = (code: string): string => `/product/${encodeURIComponent(code)}/specification.pdf`;
