import { products } from '../db/schema';
import { ALLERGENS, DIETARY_FLAGS, type Allergen, type DietaryFlag } from './allergens';

/** The products columns food marks are read from; spread into any select that shapes a product. */
export const foodMarkColumns = {
  allergensContained: products.allergensContained,
  allergensMayContain: products.allergensMayContain,
  allergensFree: products.allergensFree,
  dietary: products.dietary,
};

export interface FoodMarkRow {
  allergensContained: string[];
  allergensMayContain: string[];
  allergensFree: string[];
  dietary: string[];
}

/** What every product answer says of allergens and diets; an allergen in none of the three lists was not supplied. */
export interface FoodMarks {
  contains: Allergen[];
  mayContain: Allergen[];
  free: Allergen[];
  dietary: DietaryFlag[];
}

// The columns are written only through food-info (and the seed), which store known codes; filtering by the
// lists keeps the answers in label order whatever order a writer stored them in.
const inOrder = <T extends string>(order: readonly T[], values: readonly string[]): T[] => order.filter((value) => values.includes(value));

export const foodMarks = (row: FoodMarkRow): FoodMarks => ({
  contains: inOrder(ALLERGENS, row.allergensContained),
  mayContain: inOrder(ALLERGENS, row.allergensMayContain),
  free: inOrder(ALLERGENS, row.allergensFree),
  dietary: inOrder(DIETARY_FLAGS, row.dietary),
});
