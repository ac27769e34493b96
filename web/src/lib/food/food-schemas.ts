import { z } from 'zod';

/**
 * Food information as the API answers it (docs/food-information.md): the compact marks every product carries,
 * the full information of a product's own page, and a site's allergen profile.
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
export const allergenSchema = z.enum(ALLERGENS);
export type Allergen = z.infer<typeof allergenSchema>;

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

export const DIETARY_FLAGS = ['vegetarian', 'vegan', 'halal', 'kosher', 'organic'] as const;
export const dietarySchema = z.enum(DIETARY_FLAGS);
export type DietaryFlag = z.infer<typeof dietarySchema>;

/**
 * On every product in lists, carts and orders. An allergen in none of the three lists was declared free; the API
 * leaves an empty list out.
 */
export const foodMarksSchema = z.object({
  contains: z.array(allergenSchema).default([]),
  mayContain: z.array(allergenSchema).default([]),
  notSupplied: z.array(allergenSchema).default([]),
  dietary: z.array(dietarySchema).default([]),
});
export type FoodMarks = z.output<typeof foodMarksSchema>;

export const nutritionSchema = z.object({
  basis: z.enum(['100g', '100ml']),
  energyKj: z.number(),
  energyKcal: z.number(),
  fat: z.number(),
  saturates: z.number(),
  carbohydrate: z.number(),
  sugars: z.number(),
  protein: z.number(),
  salt: z.number(),
});
export type Nutrition = z.infer<typeof nutritionSchema>;

/** On a product's own page only; absent when the supplier sent nothing. */
export const foodInfoSchema = z.object({
  ingredients: z.array(z.object({ text: z.string(), emphasis: z.boolean() })),
  nutrition: nutritionSchema.optional(),
  countryOfOrigin: z.string().optional(),
  specificationSheetUrl: z.string(),
});
export type FoodInfo = z.infer<typeof foodInfoSchema>;

export const allergenProfileSchema = z.object({
  shipTo: z.object({ code: z.string(), name: z.string() }),
  avoids: z.array(allergenSchema),
  canEdit: z.boolean(),
});
export type AllergenProfile = z.infer<typeof allergenProfileSchema>;
