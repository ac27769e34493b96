/**
 * The demo catalogue's food information (docs/food-information.md): per leaf category what its products are
 * made of, which of the 14 allergens they contain or may contain, their diets, a typical nutrition table and
 * where they come from; a few products by name differ from their category (plant drinks, the vegan roll).
 * Most products declare every allergen; the olives and every 23rd product supply nothing, as a catalogue
 * part-way through collecting its suppliers' sheets would.
 */
import { ALLERGENS, type Allergen, type AllergenStatus, type DietaryFlag } from '../food-info/allergens';
import type { FoodInfoInput } from '../food-info/food-info-input';
import type { Nutrition } from '../food-info/food-info-view';

interface FoodProfile {
  /** `{item}` is replaced by the product's item name. */
  ingredients: string;
  contains: Allergen[];
  mayContain?: Allergen[];
  dietary?: DietaryFlag[];
  nutrition: Nutrition;
  origin: string;
  /** Declares only these allergens free (a supplier that answered part of the questionnaire); default: every other one. */
  freeOnly?: Allergen[];
}

/** Per 100 g (or ml): kcal, fat, saturates, carbohydrate, sugars, protein, salt; kJ follows from kcal. */
function per100(basis: Nutrition['basis'], kcal: number, fat: number, saturates: number, carbohydrate: number, sugars: number, protein: number, salt: number): Nutrition {
  return { basis, energyKj: Math.round(kcal * 4.184), energyKcal: kcal, fat, saturates, carbohydrate, sugars, protein, salt };
}

const UK = 'United Kingdom';
const VEG: DietaryFlag[] = ['vegetarian'];
const VEG_HALAL: DietaryFlag[] = ['vegetarian', 'halal'];

const MILK: FoodProfile = { ingredients: 'Pasteurised whole *milk* (100%)', contains: ['milk'], dietary: VEG_HALAL, nutrition: per100('100ml', 64, 3.6, 2.3, 4.7, 4.7, 3.4, 0.1), origin: UK };

const BY_LEAF: Record<string, FoodProfile | null> = {
  DAIR_MILK_WHOLE: MILK,
  DAIR_MILK_SEMI: { ...MILK, ingredients: 'Pasteurised semi-skimmed *milk* (100%)', nutrition: per100('100ml', 47, 1.7, 1.1, 4.8, 4.8, 3.5, 0.1) },
  DAIR_MILK_SKIMMED: { ...MILK, ingredients: 'Pasteurised skimmed *milk* (100%)', nutrition: per100('100ml', 35, 0.1, 0.1, 5, 5, 3.5, 0.1) },
  DAIR_MILK_PLANT: { ingredients: 'Water, oats (10%), rapeseed oil, calcium carbonate, salt, vitamins (D2, B12)', contains: ['gluten'], dietary: ['vegetarian', 'vegan'], nutrition: per100('100ml', 46, 1.5, 0.2, 6.7, 4, 1, 0.1), origin: 'Sweden' },
  DAIR_CREAM_SINGLE: { ingredients: 'Single *cream* (*milk*)', contains: ['milk'], dietary: VEG, nutrition: per100('100ml', 193, 19.1, 12.2, 3.1, 3.1, 2.6, 0.1), origin: UK },
  DAIR_CREAM_DOUBLE: { ingredients: 'Double *cream* (*milk*)', contains: ['milk'], dietary: VEG, nutrition: per100('100ml', 467, 50.5, 32.2, 1.6, 1.6, 1.6, 0.1), origin: UK },
  DAIR_CREAM_SOUR: { ingredients: 'Soured *cream* (*milk*), lactic cultures', contains: ['milk'], dietary: VEG, nutrition: per100('100g', 301, 30, 19.4, 3.4, 3.4, 2.4, 0.1), origin: 'France' },
  DAIR_BUTTER_SALTED: { ingredients: '*Butter* (*milk*), salt (1.5%)', contains: ['milk'], dietary: VEG, nutrition: per100('100g', 737, 81.5, 52.5, 0.6, 0.6, 0.6, 1.5), origin: UK },
  DAIR_BUTTER_UNSALTED: { ingredients: 'Unsalted *butter* (*milk*)', contains: ['milk'], dietary: VEG, nutrition: per100('100g', 740, 82, 52.1, 0.6, 0.6, 0.6, 0), origin: 'France' },
  DAIR_BUTTER_SPREADS: { ingredients: 'Vegetable oils (rapeseed, palm, olive), water, buttermilk (*milk*), salt, emulsifier (mono- and diglycerides of fatty acids), natural flavouring, vitamins A and D', contains: ['milk'], mayContain: ['soya'], dietary: VEG, nutrition: per100('100g', 531, 59, 18, 0.5, 0.5, 0.3, 1.2), origin: 'Netherlands' },
  DAIR_CHEESE_CHEDDAR: { ingredients: 'Cheddar cheese (*milk*), salt, starter cultures, vegetarian rennet', contains: ['milk'], dietary: VEG, nutrition: per100('100g', 416, 34.9, 21.7, 0.1, 0.1, 25.4, 1.8), origin: UK },
  DAIR_CHEESE_CONTINENTAL: { ingredients: '{item} (pasteurised *milk*, salt, starter cultures, rennet)', contains: ['milk'], nutrition: per100('100g', 344, 28, 17.6, 0.5, 0.5, 22, 1.6), origin: 'France' },
  DAIR_CHEESE_SOFT: { ingredients: 'Soft cheese (*milk*), salt, stabiliser (carob bean gum)', contains: ['milk'], dietary: VEG, nutrition: per100('100g', 253, 24, 16, 3.5, 3.5, 5.5, 0.7), origin: UK },
  DAIR_CHEESE_GRATED: { ingredients: '{item} (*milk*), potato starch', contains: ['milk'], dietary: VEG, nutrition: per100('100g', 397, 32, 20, 2.5, 0.1, 24.5, 1.7), origin: UK },
  DAIR_YOGURT_NATURAL: { ingredients: 'Yogurt (*milk*), live cultures', contains: ['milk'], dietary: VEG_HALAL, nutrition: per100('100g', 79, 4.2, 2.8, 5.8, 5.8, 4.6, 0.2), origin: UK },
  DAIR_YOGURT_FRUIT: { ingredients: 'Yogurt (*milk*), sugar, fruit (8%), maize starch, natural flavouring, concentrated carrot juice', contains: ['milk'], mayContain: ['treeNuts'], dietary: VEG, nutrition: per100('100g', 101, 2.6, 1.7, 14.8, 13.9, 4, 0.1), origin: UK },
  DAIR_EGGS_FREERANGE: { ingredients: 'Free-range *eggs*', contains: ['eggs'], dietary: VEG_HALAL, nutrition: per100('100g', 131, 9, 2.5, 0, 0, 12.6, 0.4), origin: UK },
  DAIR_EGGS_LIQUID: { ingredients: 'Pasteurised free-range *egg*', contains: ['eggs'], dietary: VEG, nutrition: per100('100g', 140, 10, 2.8, 0.5, 0.5, 12.5, 0.4), origin: UK },
  DAIR_DESSERTS_CUSTARD: { ingredients: 'Whole *milk*, *cream* (*milk*), sugar, modified maize starch, *egg* yolk, vanilla extract', contains: ['milk', 'eggs'], dietary: VEG, nutrition: per100('100g', 118, 4.3, 2.6, 16.5, 12.2, 3.2, 0.1), origin: UK },
  DAIR_DESSERTS_POTS: { ingredients: '*Cream* (*milk*), sugar, whole *milk*, dark chocolate (cocoa mass, sugar, *soya* lecithin), *egg* yolk, gelatine', contains: ['milk', 'eggs', 'soya'], mayContain: ['treeNuts', 'peanuts'], nutrition: per100('100g', 262, 17.5, 10.8, 22, 20.5, 3.6, 0.1), origin: UK },
  CHIL_MEAT_HAM: { ingredients: 'Pork (92%), water, honey, salt, dextrose, stabiliser (sodium triphosphate), preservative (sodium nitrite)', contains: [], nutrition: per100('100g', 118, 3.5, 1.2, 2.1, 2, 19.5, 2), origin: UK },
  CHIL_MEAT_POULTRY: { ingredients: 'Chicken breast (95%), salt, dextrose, rice flour, black pepper', contains: [], mayContain: ['celery', 'mustard'], dietary: ['halal'], nutrition: per100('100g', 114, 1.8, 0.5, 1.1, 0.9, 23.3, 1.1), origin: UK },
  CHIL_MEAT_CONTINENTAL: { ingredients: 'Pork, salt, dextrose, spices, garlic, antioxidant (sodium ascorbate), preservatives (sodium nitrite, potassium nitrate)', contains: [], nutrition: per100('100g', 378, 31, 11.5, 1.2, 0.8, 24, 4.1), origin: 'Italy' },
  CHIL_BACON_BACON: { ingredients: 'Pork (87%), water, salt, preservatives (sodium nitrite, potassium nitrate), antioxidant (sodium ascorbate)', contains: [], nutrition: per100('100g', 215, 16.5, 6.1, 0.5, 0.5, 16.1, 3.2), origin: 'Denmark' },
  CHIL_BACON_SAUSAGES: { ingredients: 'Pork (70%), water, rusk (*wheat* flour, salt), seasoning (salt, spices, herbs), stabiliser (diphosphates), preservative (sodium metabisulphite: *sulphites*), casing', contains: ['gluten', 'sulphites'], mayContain: ['celery', 'mustard'], nutrition: per100('100g', 259, 20, 7.4, 8.6, 1.1, 11.9, 1.5), origin: UK },
  CHIL_FISH_SMOKED: { ingredients: '{item} (*fish*), salt', contains: ['fish'], nutrition: per100('100g', 184, 10.5, 1.7, 0, 0, 22.8, 3), origin: 'Scotland' },
  CHIL_FISH_PRAWNS: { ingredients: 'Cooked *prawns* (*crustaceans*) (98%), salt', contains: ['crustaceans'], mayContain: ['fish', 'molluscs'], nutrition: per100('100g', 70, 0.6, 0.1, 0, 0, 15.4, 1.1), origin: 'Vietnam' },
  CHIL_READY_MEALS: { ingredients: 'Cooked pasta (durum *wheat* semolina, water, *egg*), beef (20%), tomatoes, whole *milk*, onion, Cheddar cheese (*milk*), *celery*, *wheat* flour, butter (*milk*), salt, herbs', contains: ['gluten', 'eggs', 'milk', 'celery'], mayContain: ['mustard', 'soya'], nutrition: per100('100g', 154, 7.4, 3.9, 13.2, 2.6, 8.1, 0.6), origin: UK },
  CHIL_READY_SOUPS: { ingredients: 'Water, tomatoes (30%), onion, carrot, *celery*, rapeseed oil, cornflour, sugar, salt, basil, black pepper', contains: ['celery'], dietary: ['vegetarian', 'vegan'], nutrition: per100('100g', 42, 1.5, 0.1, 6.1, 3.9, 0.9, 0.5), origin: UK },
  CHIL_PASTRY_PIES: { ingredients: 'Pastry (*wheat* flour, palm fat, water, salt, *egg*), beef (25%), onion, water, ale (*barley*), *wheat* flour, salt, black pepper', contains: ['gluten', 'eggs'], mayContain: ['milk', 'mustard', 'sesame'], nutrition: per100('100g', 262, 14.8, 6.6, 23.5, 1.4, 8.8, 0.9), origin: UK },
  CHIL_PASTRY_QUICHE: { ingredients: 'Whole *milk*, pastry (*wheat* flour, butter (*milk*), water, salt), free-range *egg* (20%), Cheddar cheese (*milk*), onion, cornflour, *mustard*, salt', contains: ['milk', 'eggs', 'gluten', 'mustard'], mayContain: ['sesame'], dietary: VEG, nutrition: per100('100g', 255, 16.8, 8.9, 17.4, 2.2, 8.4, 0.7), origin: UK },
  CHIL_PASTRY_SAUSAGEROLLS: { ingredients: 'Puff pastry (*wheat* flour, palm fat, water, salt), pork (30%), water, rusk (*wheat*), onion, *egg* glaze, salt, sage, white pepper', contains: ['gluten', 'eggs'], mayContain: ['milk', 'sesame', 'soya'], nutrition: per100('100g', 331, 21.3, 9.8, 24.3, 1.4, 9.6, 1.1), origin: UK },
  CHIL_DELI_DIPS: { ingredients: 'Chickpeas (55%), water, *sesame* seed paste (tahini) (10%), rapeseed oil, lemon juice, garlic, salt', contains: ['sesame'], mayContain: ['milk'], dietary: ['vegetarian', 'vegan'], nutrition: per100('100g', 297, 24.8, 2.3, 9.3, 0.5, 6.8, 0.8), origin: UK },
  CHIL_DELI_FILLERS: { ingredients: 'Mayonnaise (rapeseed oil, water, free-range *egg* yolk, spirit vinegar, *mustard* seed, salt), {item}', contains: ['eggs', 'mustard'], mayContain: ['fish', 'milk'], nutrition: per100('100g', 254, 22.4, 2.1, 3.5, 1.6, 9.6, 0.9), origin: UK },
  CHIL_DELI_SALADS: { ingredients: 'Cabbage, carrot, onion, mayonnaise (rapeseed oil, water, *egg* yolk, spirit vinegar, *mustard* flour, salt)', contains: ['eggs', 'mustard'], dietary: VEG, nutrition: per100('100g', 168, 16, 1.3, 4.8, 3.8, 1, 0.5), origin: UK },
  CHIL_DELI_OLIVES: null,
  CHIL_DRINKS_JUICE: { ingredients: '{item} (100%)', contains: [], dietary: ['vegetarian', 'vegan'], nutrition: per100('100ml', 45, 0, 0, 10.2, 9.9, 0.6, 0), origin: 'Spain' },
  CHIL_DRINKS_SMOOTHIES: { ingredients: 'Pressed and crushed fruit (bananas, apples, strawberries, mangoes, passion fruit), lime juice', contains: [], mayContain: ['treeNuts'], dietary: ['vegetarian', 'vegan'], nutrition: per100('100ml', 59, 0.1, 0, 13.1, 12.1, 0.6, 0), origin: UK },
  CHIL_PASTA_FRESH: { ingredients: 'Durum *wheat* semolina, free-range *egg* (22%), water', contains: ['gluten', 'eggs'], mayContain: ['milk', 'soya'], dietary: VEG, nutrition: per100('100g', 272, 3.1, 0.8, 48.7, 1.1, 11.4, 0.1), origin: 'Italy' },
  CHIL_PASTA_SAUCES: { ingredients: 'Tomatoes (78%), onion, olive oil, basil (2%), garlic, sugar, salt, black pepper', contains: [], mayContain: ['milk', 'celery'], dietary: ['vegetarian', 'vegan'], nutrition: per100('100g', 56, 2.8, 0.4, 6.1, 5.2, 1.3, 0.6), origin: 'Italy' },
  CHIL_PASTA_PIZZA: { ingredients: '*Wheat* flour, tomato purée, mozzarella cheese (*milk*) (20%), water, rapeseed oil, yeast, salt, oregano', contains: ['gluten', 'milk'], mayContain: ['soya', 'mustard'], dietary: VEG, nutrition: per100('100g', 246, 8.5, 4.3, 30.7, 3.2, 11.2, 1.1), origin: 'Italy', freeOnly: ['peanuts', 'treeNuts', 'sesame'] },
};

/** Products whose name says more than their category (a soya drink is not an oat drink). */
const BY_ITEM: Record<string, Partial<FoodProfile>> = {
  'Unsweetened Almond Drink': { ingredients: 'Water, *almonds* (2.3%), calcium carbonate, sea salt, stabiliser (gellan gum)', contains: ['treeNuts'], mayContain: ['peanuts'], nutrition: per100('100ml', 13, 1.1, 0.1, 0, 0, 0.4, 0.1), origin: 'France' },
  'Soya Drink': { ingredients: 'Water, hulled *soya* beans (6%), calcium carbonate, sea salt, vitamins (B2, B12, D2)', contains: ['soya'], nutrition: per100('100ml', 39, 1.8, 0.3, 2.5, 2.5, 3, 0.1), origin: 'Belgium' },
  'Barista Soya Drink': { ingredients: 'Water, hulled *soya* beans (8%), sugar, acidity regulator (dipotassium phosphate), calcium carbonate, sea salt', contains: ['soya'], nutrition: per100('100ml', 45, 2.2, 0.4, 2.8, 2.5, 3.3, 0.1), origin: 'Belgium' },
  'Coconut Drink': { ingredients: 'Water, coconut cream (5.5%), rice starch, calcium phosphate, sea salt', contains: [], nutrition: per100('100ml', 20, 1.2, 1.1, 2, 1.9, 0.1, 0.1), origin: 'Netherlands' },
  'Organic Whole Milk': { dietary: ['vegetarian', 'halal', 'organic'] },
  'Lactose-Free Semi-Skimmed Milk': { ingredients: 'Semi-skimmed *milk*, lactase enzyme' },
  'Goat’s Cheese Log': { ingredients: 'Pasteurised goats’ *milk*, salt, starter cultures, vegetarian rennet', dietary: VEG },
  'Parmesan': { ingredients: 'Parmigiano Reggiano cheese (unpasteurised *milk*, salt, animal rennet)', origin: 'Italy' },
  'Feta': { ingredients: 'Feta cheese (pasteurised sheep’s and goats’ *milk*, salt, rennet)', origin: 'Greece' },
  'Halloumi': { ingredients: 'Pasteurised goats’, sheep’s and cows’ *milk*, salt, mint, vegetarian rennet', dietary: VEG, origin: 'Cyprus' },
  'Vegetarian Sausages': { ingredients: 'Water, *soya* protein (18%), rusk (*wheat* flour, salt), rapeseed oil, onion, free-range *egg* white, herbs, salt', contains: ['soya', 'gluten', 'eggs'], mayContain: ['celery', 'mustard'], dietary: VEG },
  'Vegan Sausage Roll': { ingredients: 'Puff pastry (*wheat* flour, palm fat, water, salt), *soya* protein, onion, rusk (*wheat*), sage, white pepper, plant milk glaze (*oat*)', contains: ['gluten', 'soya'], mayContain: ['sesame', 'mustard'], dietary: ['vegetarian', 'vegan'] },
  'Pesto alla Genovese': { ingredients: 'Basil (38%), sunflower oil, Grana Padano cheese (*milk*, *egg* lysozyme), *cashew nuts*, pine kernels, salt, garlic', contains: ['milk', 'eggs', 'treeNuts'], dietary: VEG },
  'Tzatziki': { ingredients: 'Greek-style yogurt (*milk*) (75%), cucumber, garlic, mint, salt', contains: ['milk'], mayContain: ['sesame'], dietary: VEG },
  'Guacamole': { ingredients: 'Avocado (90%), onion, lime juice, coriander, chilli, salt', contains: [], mayContain: [], dietary: ['vegetarian', 'vegan'] },
  'Sour Cream & Chive Dip': { ingredients: 'Soured *cream* (*milk*) (60%), mayonnaise (rapeseed oil, water, *egg* yolk, spirit vinegar), chives, onion, salt', contains: ['milk', 'eggs'], mayContain: ['mustard'], dietary: VEG },
  'Tomato Salsa': { ingredients: 'Tomatoes (70%), onion, red pepper, lime juice, jalapeño, coriander, salt', contains: [] },
  'Chicken Noodle Soup': { ingredients: 'Water, chicken (10%), egg noodles (durum *wheat* semolina, *egg*), carrot, onion, *celery*, salt, parsley', contains: ['gluten', 'eggs', 'celery'], dietary: [] },
  'Carbonara Sauce': { ingredients: '*Cream* (*milk*), smoked pancetta (pork, salt), Italian hard cheese (*milk*, *egg* lysozyme), free-range *egg* yolk, cornflour, black pepper', contains: ['milk', 'eggs'], dietary: [] },
  'Bolognese Sauce': { ingredients: 'Tomatoes, beef (25%), onion, carrot, *celery*, red wine (*sulphites*), olive oil, garlic, oregano, salt', contains: ['celery', 'sulphites'], mayContain: ['milk'], dietary: [] },
  'Cheese Sauce': { ingredients: 'Whole *milk*, Cheddar cheese (*milk*) (18%), *cream* (*milk*), cornflour, *mustard*, salt', contains: ['milk', 'mustard'], dietary: VEG },
  'Prawn Marie Rose': { ingredients: 'Cooked *prawns* (*crustaceans*) (45%), mayonnaise (rapeseed oil, water, *egg* yolk, spirit vinegar, *mustard* seed, salt), tomato ketchup, lemon juice', contains: ['crustaceans', 'eggs', 'mustard'], mayContain: ['fish'] },
  'Tuna & Sweetcorn': { ingredients: 'Tuna (*fish*) (45%), sweetcorn, mayonnaise (rapeseed oil, water, *egg* yolk, spirit vinegar, *mustard* seed, salt)', contains: ['fish', 'eggs', 'mustard'], mayContain: ['milk'] },
  'Chicken Tikka Masala': { ingredients: 'Chicken (30%), tomatoes, *cream* (*milk*), onion, yogurt (*milk*), rapeseed oil, ginger, garlic, spices, *almonds*, salt', contains: ['milk', 'treeNuts'], mayContain: ['mustard', 'celery'], dietary: ['halal'] },
  'Fish Pie': { ingredients: 'Potato, whole *milk*, pollock (*fish*) (16%), salmon (*fish*), *cream* (*milk*), Cheddar cheese (*milk*), *wheat* flour, butter (*milk*), *mustard*, salt, parsley', contains: ['milk', 'fish', 'gluten', 'mustard'], mayContain: ['crustaceans'] },
};

/** Whether product number i (of generateProduct) is one of the few supplied with no food information. */
const withoutData = (i: number) => i % 23 === 22;

/** The food information of product number i, whose item and leaf are given; null for a product without any. */
export function demoFoodInfo(i: number, leafId: string, item: string): FoodInfoInput | null {
  const leaf = BY_LEAF[leafId];
  if (!leaf || withoutData(i)) return null;
  const profile: FoodProfile = { ...leaf, ...BY_ITEM[item] };
  const allergens: Partial<Record<Allergen, AllergenStatus>> = {};
  const declaredFree = profile.freeOnly ?? ALLERGENS;
  for (const allergen of declaredFree) allergens[allergen] = 'free';
  for (const allergen of profile.mayContain ?? []) allergens[allergen] = 'mayContain';
  for (const allergen of profile.contains) allergens[allergen] = 'contains';
  return {
    ingredients: profile.ingredients.replace('{item}', item),
    allergens,
    dietary: profile.dietary ?? [],
    nutrition: profile.nutrition,
    countryOfOrigin: profile.origin,
  };
}
