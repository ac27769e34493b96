/**
 * The 14 allergens UK food law makes a supplier declare (docs/food-information.md), in the order labels list them,
 * and the dietary flags a product may carry. The codes are the API's and the search filters'; the names are what
 * customers read.
 */
export const ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'treeNuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const ALLERGEN_NAMES: Record<Allergen, string> = {
  celery: 'Celery',
  gluten: 'Cereals containing gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  treeNuts: 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soya: 'Soya',
  sulphites: 'Sulphur dioxide and sulphites',
};

/** What a supplier declared for one allergen; an allergen it said nothing of is "not supplied", never free. */
export const ALLERGEN_STATUSES = ['contains', 'mayContain', 'free'] as const;
export type AllergenStatus = (typeof ALLERGEN_STATUSES)[number];

export const DIETARY_FLAGS = ['vegetarian', 'vegan', 'halal', 'kosher', 'organic'] as const;
export type DietaryFlag = (typeof DIETARY_FLAGS)[number];

export const DIETARY_NAMES: Record<DietaryFlag, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  halal: 'Halal',
  kosher: 'Kosher',
  organic: 'Organic',
};

export const isAllergen = (value: string): value is Allergen => (ALLERGENS as readonly string[]).includes(value);
