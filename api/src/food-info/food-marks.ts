import { products } from '../db/schema';
import { ALLERGENS, DIETARY_FLAGS, type Allergen, type DietaryFlag } from './allergens';

/**
 * A product's food marks as one number, kept by PostgreSQL from the four lists (products.food_marks, migration
 * 0026_food_marks): bits 0-13 the allergens it contains, 14-27 those it may contain, 28-41 those it is free from
 * (bit i is ALLERGENS[i]), 42-46 its dietary flags (bit i is DIETARY_FLAGS[i]). Listings and cart lines read this
 * one number instead of four arrays a line: parsing those arrays cost a 50-line cart a sixth of its time.
 */
export const foodMarkColumns = { foodMarkBits: products.foodMarks };

export interface FoodMarkRow {
  foodMarkBits: number;
}

/**
 * What every product answer says of allergens and diets: an allergen in none of the three lists was declared free.
 * The answers name what was not supplied rather than what is free, and leave out an empty list: a cart's answer
 * costs in proportion to its bytes, and a product with data has few allergens not supplied.
 */
export interface FoodMarks {
  readonly contains?: readonly Allergen[];
  readonly mayContain?: readonly Allergen[];
  readonly notSupplied?: readonly Allergen[];
  readonly dietary?: readonly DietaryFlag[];
}

const ALLERGEN_MASK = 0x3fff;
const DIETARY_MASK = 0x1f;
const HIGH = 2 ** 28;

/** The lists as the product's allergen and dietary masks (bit i is ALLERGENS[i] or DIETARY_FLAGS[i]). */
export function foodMasks(bits: number): { contains: number; mayContain: number; free: number; dietary: number } {
  const high = Math.floor(bits / HIGH);
  // `&` and `>>>` read the low 32 bits, which hold the contains and may-contain masks whole.
  return { contains: bits & ALLERGEN_MASK, mayContain: (bits >>> 14) & ALLERGEN_MASK, free: high & ALLERGEN_MASK, dietary: (high >>> 14) & DIETARY_MASK };
}

/** The number PostgreSQL keeps for these lists (for rows built in code: tests, a product gone from the catalogue). */
export function foodMarkBits(lists: { contains?: readonly string[]; mayContain?: readonly string[]; free?: readonly string[]; dietary?: readonly string[] }): number {
  const mask = (order: readonly string[], values: readonly string[] = []) => order.reduce((sum, value, i) => (values.includes(value) ? sum | (1 << i) : sum), 0);
  return mask(ALLERGENS, lists.contains) + mask(ALLERGENS, lists.mayContain) * 2 ** 14 + (mask(ALLERGENS, lists.free) + mask(DIETARY_FLAGS, lists.dietary) * 2 ** 14) * HIGH;
}

function decode(bits: number): FoodMarks {
  const masks = foodMasks(bits);
  const marks: Record<string, readonly string[]> = {};
  const add = (name: keyof FoodMarks, order: readonly string[], mask: number) => {
    if (mask !== 0) marks[name] = Object.freeze(order.filter((_, i) => (mask & (1 << i)) !== 0));
  };
  add('contains', ALLERGENS, masks.contains);
  add('mayContain', ALLERGENS, masks.mayContain);
  add('notSupplied', ALLERGENS, ~(masks.contains | masks.mayContain | masks.free) & ALLERGEN_MASK);
  add('dietary', DIETARY_FLAGS, masks.dietary);
  return Object.freeze(marks) as FoodMarks;
}

// Most products share their marks (every plain dairy line: contains milk, free from the rest), so a few hundred
// frozen answers serve a catalogue; the bound only keeps a pathological catalogue from growing the map for ever.
const DECODED_LIMIT = 4096;
const decoded = new Map<number, FoodMarks>();

/** The marks of a product's number, in label order; shared and frozen, so never changed by a caller. */
export function foodMarks(bits: number): FoodMarks {
  const known = decoded.get(bits);
  if (known) return known;
  const marks = decode(bits);
  if (decoded.size >= DECODED_LIMIT) decoded.clear();
  decoded.set(bits, marks);
  return marks;
}
