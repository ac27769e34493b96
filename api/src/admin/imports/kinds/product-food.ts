import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { selectRows } from '../../../catalogue/sql-rows';
import { ALLERGENS, DIETARY_FLAGS, isAllergen, type Allergen, type AllergenStatus, type DietaryFlag } from '../../../food-info/allergens';
import { foodInfoProblems, INGREDIENTS_MAX, NUTRITION_GRAMS, ORIGIN_MAX, type FoodInfoInput } from '../../../food-info/food-info-input';
import type { Nutrition } from '../../../food-info/food-info-view';
import { writeFoodInfo } from '../../../food-info/food-info-writer';
import type { BatchFollower, ImportColumn, WriteContext } from '../import-kind';
import type { RowReader } from '../row-reader';

const STATUS_COLUMNS: { column: string; status: AllergenStatus }[] = [
  { column: 'allergensContains', status: 'contains' },
  { column: 'allergensMayContain', status: 'mayContain' },
  { column: 'allergensFree', status: 'free' },
];
const ENERGY_COLUMNS = ['energyKj', 'energyKcal'] as const;
const NUTRITION_COLUMNS = ['nutritionBasis', ...ENERGY_COLUMNS, ...NUTRITION_GRAMS] as const;
const FOOD_COLUMNS = ['ingredients', ...STATUS_COLUMNS.map((c) => c.column), 'dietary', 'countryOfOrigin', ...NUTRITION_COLUMNS];

/** The products import's food columns (docs/food-information.md), after the product's own. */
export const FOOD_IMPORT_COLUMNS: ImportColumn[] = [
  {
    name: 'ingredients',
    required: false,
    help: 'Ingredients as on the pack, allergens between asterisks (Whole *milk*, salt). Filled in, the row replaces the product’s whole food information; with every food column empty the food information stays as it is',
    example: 'Pasteurised semi-skimmed *milk*',
  },
  { name: 'allergensContains', required: false, help: `Allergens it contains, separated by spaces: ${ALLERGENS.join(' ')}`, example: 'milk' },
  { name: 'allergensMayContain', required: false, help: 'Allergens it may contain (the supplier cannot rule out traces), separated by spaces', example: '' },
  {
    name: 'allergensFree',
    required: false,
    help: 'Allergens the supplier declares it free from, separated by spaces. An allergen in none of the three allergen columns is "not supplied", never free from',
    example: ALLERGENS.filter((allergen) => allergen !== 'milk').join(' '),
  },
  { name: 'dietary', required: false, help: `Any of ${DIETARY_FLAGS.join(', ')}, separated by spaces`, example: 'vegetarian' },
  { name: 'countryOfOrigin', required: false, help: 'Country of origin as customers should read it', example: 'United Kingdom' },
  { name: 'nutritionBasis', required: false, help: 'Nutrition per 100g or 100ml; the nutrition columns are all filled in or all empty', example: '100ml' },
  { name: 'energyKj', required: false, help: 'Energy in kJ per 100 g/ml, a whole number', example: '197' },
  { name: 'energyKcal', required: false, help: 'Energy in kcal per 100 g/ml, a whole number (at most 900)', example: '47' },
  { name: 'fat', required: false, help: 'Fat in grams per 100 g/ml, one decimal at most', example: '1.7' },
  { name: 'saturates', required: false, help: 'Of which saturates, grams (no more than fat)', example: '1.1' },
  { name: 'carbohydrate', required: false, help: 'Carbohydrate in grams per 100 g/ml', example: '4.8' },
  { name: 'sugars', required: false, help: 'Of which sugars, grams (no more than carbohydrate)', example: '4.8' },
  { name: 'protein', required: false, help: 'Protein in grams per 100 g/ml', example: '3.5' },
  { name: 'salt', required: false, help: 'Salt in grams per 100 g/ml', example: '0.1' },
];

/** Where a food problem's field (food-info-input.ts) sits in the file. */
const columnOf = (field: string) => (field === 'nutrition' ? 'fat' : field.startsWith('nutrition.') ? field.slice('nutrition.'.length) : field);

function readDecimal(reader: RowReader, column: string): number | undefined {
  const value = reader.text(column, { max: 12 });
  if (value === undefined) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(value)) return reader.problem(column, 'Must be a number, e.g. 3.5');
  return Number(value);
}

function readNutrition(reader: RowReader): Nutrition | null | undefined {
  if (!NUTRITION_COLUMNS.some((column) => reader.has(column))) return null;
  const basis = reader.oneOf('nutritionBasis', ['100g', '100ml'] as const);
  const values = Object.fromEntries([...ENERGY_COLUMNS, ...NUTRITION_GRAMS].map((column) => [column, readDecimal(reader, column)]));
  if (basis === undefined || Object.values(values).some((value) => value === undefined)) return undefined;
  return { basis, ...(values as Omit<Nutrition, 'basis'>) };
}

/**
 * A row's food information: null when every food column is empty (the product's stays as it is), undefined
 * when a cell was refused (the reader holds the problems, each naming its column).
 */
export function readProductFood(reader: RowReader): FoodInfoInput | null | undefined {
  if (!FOOD_COLUMNS.some((column) => reader.has(column))) return null;
  const before = reader.problems.length;
  const ingredients = reader.has('ingredients') ? reader.text('ingredients', { max: INGREDIENTS_MAX }) : reader.problem('ingredients', 'Required when any food column is filled in');
  const allergens: Partial<Record<Allergen, AllergenStatus>> = {};
  for (const { column, status } of STATUS_COLUMNS) {
    for (const value of reader.list(column)) {
      if (!isAllergen(value)) reader.problem(column, `Unknown allergen '${value}': use ${ALLERGENS.join(', ')}`);
      else if (allergens[value] !== undefined && allergens[value] !== status) reader.problem(column, `'${value}' is in two allergen columns`);
      else allergens[value] = status;
    }
  }
  const dietary = reader.list('dietary');
  const unknown = dietary.find((flag) => !(DIETARY_FLAGS as readonly string[]).includes(flag));
  if (unknown) reader.problem('dietary', `Unknown dietary flag '${unknown}': use ${DIETARY_FLAGS.join(', ')}`);
  const countryOfOrigin = reader.text('countryOfOrigin', { max: ORIGIN_MAX, optional: true }) ?? null;
  const nutrition = readNutrition(reader);
  if (reader.problems.length > before || ingredients === undefined || nutrition === undefined) return undefined;
  const input: FoodInfoInput = { ingredients, allergens, dietary: [...new Set(dietary)] as DietaryFlag[], nutrition, countryOfOrigin };
  const problems = foodInfoProblems(input);
  for (const problem of problems) reader.problem(columnOf(problem.field), problem.reason);
  return problems.length > 0 ? undefined : input;
}

const FOOD_STAGE = sql.identifier('import_food_stage');
const FOLLOW_PAGE = 1000;

/**
 * The food information of a products file's rows, staged beside the products' own stage and written once the
 * products are merged (a new product must exist before its food information): nothing is written when a row
 * is refused, and a file of 100 000 rows is never held whole.
 */
export async function openFoodStage(tx: Tx): Promise<BatchFollower<{ code: string; food: FoodInfoInput | null }>> {
  await tx.execute(sql`create temporary table ${FOOD_STAGE} (code text primary key, info jsonb not null) on commit drop`);
  return {
    async add(rows) {
      const supplied = rows.flatMap((row) => (row.food === null ? [] : [{ code: row.code, info: row.food }]));
      if (supplied.length === 0) return;
      await tx.execute(sql`insert into ${FOOD_STAGE} select x.code, x.info from jsonb_to_recordset(${JSON.stringify(supplied)}::jsonb) as x(code text, info jsonb)`);
    },
    async finish(context: WriteContext) {
      let after = '';
      for (;;) {
        const page = await selectRows<{ code: string; info: FoodInfoInput }>(tx, sql`select code, info from ${FOOD_STAGE} where code > ${after} order by code limit ${FOLLOW_PAGE}`);
        if (page.length === 0) return;
        await writeFoodInfo(tx, page, { now: context.now, ...(context.cause ? { cause: context.cause } : {}) });
        after = page[page.length - 1]?.code ?? after;
        if (page.length < FOLLOW_PAGE) return;
      }
    },
  };
}
