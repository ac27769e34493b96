import { productFoodInfo } from '../db/schema';

/** Energy and grams per 100 g or 100 ml, as a label's nutrition table gives them. */
export interface Nutrition {
  basis: '100g' | '100ml';
  energyKj: number;
  energyKcal: number;
  fat: number;
  saturates: number;
  carbohydrate: number;
  sugars: number;
  protein: number;
  salt: number;
}

/** A run of the ingredients text; `emphasis` marks an allergen, printed in bold as the label does. */
export interface IngredientPart {
  text: string;
  emphasis: boolean;
}

export interface FoodInfoView {
  ingredients: IngredientPart[];
  nutrition?: Nutrition;
  countryOfOrigin?: string;
  /** The storefront's address of the product's specification sheet. */
  specificationSheetUrl: string;
}

/** The product_food_info columns a product page needs, for a left join beside the product. */
export const foodInfoColumns = {
  ingredients: productFoodInfo.ingredients,
  nutrition: productFoodInfo.nutrition,
  countryOfOrigin: productFoodInfo.countryOfOrigin,
};

export interface FoodInfoRow {
  ingredients: string | null;
  nutrition: unknown;
  countryOfOrigin: string | null;
}

export const specificationSheetUrl = (code: string): string => `/product/${encodeURIComponent(code)}/specification.pdf`;
export const productPageUrl = (code: string): string => `/product/${encodeURIComponent(code)}/`;

/**
 * The ingredients as printed: the text between a pair of asterisks is an allergen's emphasis. Writers refuse
 * unbalanced asterisks (food-info-input.ts), so every asterisk here opens or closes one.
 */
export function ingredientParts(ingredients: string): IngredientPart[] {
  return ingredients
    .split('*')
    .map((text, i) => ({ text, emphasis: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/** The food information of a product page, or undefined for a product without a product_food_info row. */
export function foodInfoView(code: string, row: FoodInfoRow): FoodInfoView | undefined {
  if (row.ingredients === null) return undefined;
  return {
    ingredients: ingredientParts(row.ingredients),
    ...(row.nutrition === null || row.nutrition === undefined ? {} : { nutrition: row.nutrition as Nutrition }),
    ...(row.countryOfOrigin === null ? {} : { countryOfOrigin: row.countryOfOrigin }),
    specificationSheetUrl: specificationSheetUrl(code),
  };
}
