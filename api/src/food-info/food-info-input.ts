import { z } from 'zod';
import { ALLERGENS, ALLERGEN_STATUSES, DIETARY_FLAGS, type Allergen, type AllergenStatus, type DietaryFlag } from './allergens';
import type { Nutrition } from './food-info-view';

/** A product's food information as a writer supplies it whole (the ERP's PUT, an import row, the demo seed). */
export interface FoodInfoInput {
  /** As printed on the pack, allergens between asterisks. */
  ingredients: string;
  /** An allergen absent here is "not supplied": never read as free from it. */
  allergens: Partial<Record<Allergen, AllergenStatus>>;
  dietary: DietaryFlag[];
  nutrition: Nutrition | null;
  countryOfOrigin: string | null;
}

/** A refusal naming the field (the body's path, or a nutrition key) and why. */
export interface FoodFieldProblem {
  field: string;
  reason: string;
}

export const NUTRITION_GRAMS = ['fat', 'saturates', 'carbohydrate', 'sugars', 'protein', 'salt'] as const;
export const INGREDIENTS_MAX = 4000;
export const ORIGIN_MAX = 80;
/** Pure fat is 900 kcal per 100 g; nothing has more. 900 kcal is 3766 kJ. */
export const KCAL_MAX = 900;
export const KJ_MAX = 3766;
const KJ_PER_KCAL = 4.184;
/** A label's kJ and kcal are each rounded from the same energy: more apart than this is a typing error. */
const ENERGY_TOLERANCE = 0.1;

const tenths = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

/**
 * The checks beyond the shape, each answering the field it blames, so the ERP's 400 and an import's row report
 * name the same faults: emphasis asterisks in pairs, grams no more than the 100 they are counted in, the parts
 * no more than their whole (saturates of fat, sugars of carbohydrate), energy no higher than pure fat's, kJ
 * and kcal telling the same energy, and a vegan product declaring no animal allergen.
 */
export function foodInfoProblems(input: FoodInfoInput): FoodFieldProblem[] {
  const problems: FoodFieldProblem[] = [];
  const { ingredients, nutrition } = input;
  if ((ingredients.match(/\*/g)?.length ?? 0) % 2 === 1) problems.push({ field: 'ingredients', reason: 'Asterisks mark allergens in pairs (*milk*): one is unmatched' });
  else if (ingredients.includes('**')) problems.push({ field: 'ingredients', reason: 'An emphasis (*…*) is empty' });
  if (nutrition !== null) {
    for (const key of NUTRITION_GRAMS) {
      const grams = nutrition[key];
      if (grams < 0) problems.push({ field: `nutrition.${key}`, reason: 'Must not be negative' });
      else if (grams > 100) problems.push({ field: `nutrition.${key}`, reason: `Grams per ${nutrition.basis === '100ml' ? '100 ml' : '100 g'}: at most 100` });
      else if (!tenths(grams)) problems.push({ field: `nutrition.${key}`, reason: 'At most one decimal place' });
    }
    if (nutrition.saturates > nutrition.fat) problems.push({ field: 'nutrition.saturates', reason: 'Saturates are part of the fat: no more than fat' });
    if (nutrition.sugars > nutrition.carbohydrate) problems.push({ field: 'nutrition.sugars', reason: 'Sugars are part of the carbohydrate: no more than carbohydrate' });
    if (nutrition.fat + nutrition.carbohydrate + nutrition.protein + nutrition.salt > 100.05) {
      problems.push({ field: 'nutrition', reason: 'Fat, carbohydrate, protein and salt add up to more than 100 g' });
    }
    if (!Number.isInteger(nutrition.energyKcal) || nutrition.energyKcal < 0 || nutrition.energyKcal > KCAL_MAX) {
      problems.push({ field: 'nutrition.energyKcal', reason: `A whole number from 0 to ${KCAL_MAX}` });
    } else if (!Number.isInteger(nutrition.energyKj) || nutrition.energyKj < 0 || nutrition.energyKj > KJ_MAX) {
      problems.push({ field: 'nutrition.energyKj', reason: `A whole number from 0 to ${KJ_MAX}` });
    } else if (Math.abs(nutrition.energyKj - nutrition.energyKcal * KJ_PER_KCAL) > Math.max(5, nutrition.energyKcal * KJ_PER_KCAL * ENERGY_TOLERANCE)) {
      problems.push({ field: 'nutrition.energyKj', reason: `Does not match ${nutrition.energyKcal} kcal (1 kcal = 4.184 kJ)` });
    }
  }
  if (input.dietary.includes('vegan')) {
    const animal = (['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'] as const).find((allergen) => input.allergens[allergen] === 'contains');
    if (animal) problems.push({ field: 'dietary', reason: `A product that contains ${animal} is not vegan` });
  }
  return problems;
}

const number = z.number().finite();
export const nutritionSchema = z
  .object({
    basis: z.enum(['100g', '100ml']),
    energyKj: number,
    energyKcal: number,
    fat: number,
    saturates: number,
    carbohydrate: number,
    sugars: number,
    protein: number,
    salt: number,
  })
  .strict();

/** The body of PUT /admin/v1/products/{code}/foodinfo (docs/food-information.md). */
export const foodInfoBody = z
  .object({
    ingredients: z.string().trim().min(1).max(INGREDIENTS_MAX),
    allergens: z.partialRecord(z.enum(ALLERGENS), z.enum(ALLERGEN_STATUSES)),
    dietary: z.array(z.enum(DIETARY_FLAGS)).max(DIETARY_FLAGS.length),
    nutrition: nutritionSchema.nullable().optional(),
    countryOfOrigin: z.string().trim().min(1).max(ORIGIN_MAX).nullable().optional(),
  })
  .strict()
  .transform(
    (body): FoodInfoInput => ({
      ingredients: body.ingredients,
      allergens: body.allergens,
      dietary: [...new Set(body.dietary)],
      nutrition: body.nutrition ?? null,
      countryOfOrigin: body.countryOfOrigin ?? null,
    }),
  )
  .superRefine((input, context) => {
    for (const problem of foodInfoProblems(input)) context.addIssue({ code: 'custom', path: problem.field.split('.'), message: problem.reason });
  });
