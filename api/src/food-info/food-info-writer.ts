import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { orderLines, orders, productFoodInfo, products, users, userShipTos } from '../db/schema';
import type { OrderStatus } from '../db/schema/order-statuses';
import { writeEvent } from '../outbox/write-event';
import type { Cause } from '../tracing/cause';
import { ALLERGENS, DIETARY_FLAGS, type Allergen, type AllergenStatus, type DietaryFlag } from './allergens';
import type { FoodInfoInput } from './food-info-input';
import type { Nutrition } from './food-info-view';
import { recipeChangeEvent, type AllergenChange } from './recipe-change-event';

/** A product's food information as stored: the input in its canonical order, with its recipe version. */
export interface StoredFoodInfo extends FoodInfoInput {
  recipeVersion: number;
  updatedAt: string;
}

export type FoodWriteOutcome = 'created' | 'updated' | 'unchanged';

export interface FoodWriteResult {
  code: string;
  outcome: FoodWriteOutcome;
  before: StoredFoodInfo | null;
  after: StoredFoodInfo;
}

/** How many products one statement reads and writes: the JSON of a thousand products is well under a megabyte. */
const CHUNK = 1000;
/** Recipe changes are mailed to the users of the sites that ordered the product within this many days. */
export const RECIPE_CHANGE_DAYS = 90;

interface CurrentRow {
  code: string;
  name: string;
  allergensContained: string[];
  allergensMayContain: string[];
  allergensFree: string[];
  dietary: string[];
  ingredients: string | null;
  nutrition: unknown;
  countryOfOrigin: string | null;
  recipeVersion: number | null;
  updatedAt: Date | null;
}

/** The input with its allergens and diets in label order, so equal information compares equal. */
function canonical(input: FoodInfoInput): FoodInfoInput {
  const allergens: Partial<Record<Allergen, AllergenStatus>> = {};
  for (const allergen of ALLERGENS) {
    const status = input.allergens[allergen];
    if (status !== undefined) allergens[allergen] = status;
  }
  return {
    ingredients: input.ingredients,
    allergens,
    dietary: DIETARY_FLAGS.filter((flag) => input.dietary.includes(flag)),
    nutrition: input.nutrition === null ? null : { ...input.nutrition },
    countryOfOrigin: input.countryOfOrigin,
  };
}

const NUTRITION_KEYS = ['basis', 'energyKj', 'energyKcal', 'fat', 'saturates', 'carbohydrate', 'sugars', 'protein', 'salt'] as const;

/** Nutrition with its keys in one order, whatever order the JSON column gave them back in. */
function orderedNutrition(value: unknown): Nutrition | null {
  if (value === null || value === undefined || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(NUTRITION_KEYS.map((key) => [key, record[key]])) as unknown as Nutrition;
}

function storedOf(row: CurrentRow): StoredFoodInfo | null {
  if (row.ingredients === null || row.recipeVersion === null || row.updatedAt === null) return null;
  const allergens: Partial<Record<Allergen, AllergenStatus>> = {};
  for (const allergen of ALLERGENS) {
    if (row.allergensContained.includes(allergen)) allergens[allergen] = 'contains';
    else if (row.allergensMayContain.includes(allergen)) allergens[allergen] = 'mayContain';
    else if (row.allergensFree.includes(allergen)) allergens[allergen] = 'free';
  }
  return {
    ingredients: row.ingredients,
    allergens,
    dietary: DIETARY_FLAGS.filter((flag) => row.dietary.includes(flag)) as DietaryFlag[],
    nutrition: orderedNutrition(row.nutrition),
    countryOfOrigin: row.countryOfOrigin,
    recipeVersion: row.recipeVersion,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const sameInfo = (a: FoodInfoInput, b: FoodInfoInput) =>
  JSON.stringify({ ...canonical(a), nutrition: orderedNutrition(a.nutrition) }) === JSON.stringify({ ...canonical(b), nutrition: orderedNutrition(b.nutrition) });

/** Every allergen whose declared status differs between the two, in label order. */
export function allergenChanges(before: FoodInfoInput, after: FoodInfoInput): AllergenChange[] {
  return ALLERGENS.flatMap((allergen) => {
    const from = before.allergens[allergen] ?? null;
    const to = after.allergens[allergen] ?? null;
    return from === to ? [] : [{ allergen, from, to }];
  });
}

const withStatus = (info: FoodInfoInput, status: AllergenStatus) => ALLERGENS.filter((allergen) => info.allergens[allergen] === status);

/** The current state of the products named, locked so that two writers of one product take turns. */
async function readCurrent(tx: Tx, codes: string[]): Promise<Map<string, CurrentRow>> {
  const rows = await tx
    .select({
      code: products.code,
      name: products.name,
      allergensContained: products.allergensContained,
      allergensMayContain: products.allergensMayContain,
      allergensFree: products.allergensFree,
      dietary: products.dietary,
      ingredients: productFoodInfo.ingredients,
      nutrition: productFoodInfo.nutrition,
      countryOfOrigin: productFoodInfo.countryOfOrigin,
      recipeVersion: productFoodInfo.recipeVersion,
      updatedAt: productFoodInfo.updatedAt,
    })
    .from(products)
    .leftJoin(productFoodInfo, eq(productFoodInfo.productCode, products.code))
    .where(inArray(products.code, codes))
    .orderBy(products.code)
    .for('update', { of: products });
  return new Map(rows.map((row) => [row.code, row]));
}

const NEVER_DELIVERED: OrderStatus[] = ['cancelled', 'rejected', 'expired'];

interface Recipient {
  productCode: string;
  userId: number;
  name: string;
  email: string;
}

/**
 * The active users of every site (ship-to) that ordered one of the products within RECIPE_CHANGE_DAYS of
 * `now`, by product: orders cancelled, rejected or expired never reached the kitchen and do not count.
 */
async function recentBuyers(db: DbOrTx, codes: string[], now: Date): Promise<Recipient[]> {
  const since = new Date(now.getTime() - RECIPE_CHANGE_DAYS * 24 * 60 * 60 * 1000);
  return db
    .selectDistinct({ productCode: orderLines.productCode, userId: users.id, name: users.name, email: users.email })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(userShipTos, eq(userShipTos.shipToCode, orders.shipToCode))
    .innerJoin(users, eq(users.id, userShipTos.userId))
    .where(and(inArray(orderLines.productCode, codes), gte(orders.placedAt, since), notInArray(orders.status, NEVER_DELIVERED), eq(users.status, 'active')))
    .orderBy(orderLines.productCode, users.id);
}

/**
 * Writes the food information of many products in the caller's transaction (the ERP's PUT writes one, an
 * import or the demo seed thousands): the allergen lists and diets on products, the rest in
 * product_food_info. A product whose information is the same already is left untouched. When a product that
 * already had information changes its allergens or ingredients, its recipe version goes up and every active
 * user of a site that ordered it recently gets one mail through the outbox, written in this same transaction,
 * so the mail exists exactly when the change was committed and is delivered once whichever process delivers
 * it. Products that do not exist are left out of the answer: the caller says what that means.
 */
export async function writeFoodInfo(tx: Tx, entries: { code: string; info: FoodInfoInput }[], context: { now: Date; cause?: Cause }): Promise<FoodWriteResult[]> {
  const results: FoodWriteResult[] = [];
  // Lock and write in code order, so two writers of overlapping products never wait on each other in a circle.
  const sorted = [...entries].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  for (let start = 0; start < sorted.length; start += CHUNK) {
    const chunk = sorted.slice(start, start + CHUNK);
    const current = await readCurrent(tx, chunk.map((entry) => entry.code));
    const written: { result: FoodWriteResult; name: string; recipeChanged: boolean }[] = [];
    for (const { code, info } of chunk) {
      const row = current.get(code);
      if (!row) continue;
      const before = storedOf(row);
      const next = canonical(info);
      if (before && sameInfo(before, next)) {
        results.push({ code, outcome: 'unchanged', before, after: before });
        continue;
      }
      const recipeChanged = before !== null && (before.ingredients !== next.ingredients || allergenChanges(before, next).length > 0);
      const after: StoredFoodInfo = { ...next, recipeVersion: before === null ? 1 : before.recipeVersion + (recipeChanged ? 1 : 0), updatedAt: context.now.toISOString() };
      const result: FoodWriteResult = { code, outcome: before === null ? 'created' : 'updated', before, after };
      results.push(result);
      written.push({ result, name: row.name, recipeChanged });
    }
    if (written.length === 0) continue;
    const marks = JSON.stringify(
      written.map(({ result: { code, after } }) => ({
        code,
        contained: withStatus(after, 'contains'),
        may_contain: withStatus(after, 'mayContain'),
        free: withStatus(after, 'free'),
        dietary: after.dietary,
      })),
    );
    await tx.execute(sql`update products p
      set allergens_contained = x.contained, allergens_may_contain = x.may_contain, allergens_free = x.free, dietary = x.dietary
      from jsonb_to_recordset(${marks}::jsonb) as x(code text, contained text[], may_contain text[], free text[], dietary text[])
      where p.code = x.code`);
    const details = JSON.stringify(
      written.map(({ result: { code, after } }) => ({ code, ingredients: after.ingredients, nutrition: after.nutrition, origin: after.countryOfOrigin, version: after.recipeVersion })),
    );
    await tx.execute(sql`insert into product_food_info (product_code, ingredients, nutrition, country_of_origin, recipe_version, updated_at)
      select x.code, x.ingredients, nullif(x.nutrition, 'null'::jsonb), x.origin, x.version, ${context.now.toISOString()}::timestamptz
      from jsonb_to_recordset(${details}::jsonb) as x(code text, ingredients text, nutrition jsonb, origin text, version int)
      order by x.code
      on conflict (product_code) do update set ingredients = excluded.ingredients, nutrition = excluded.nutrition,
        country_of_origin = excluded.country_of_origin, recipe_version = excluded.recipe_version, updated_at = excluded.updated_at`);
    const changed = written.filter((entry) => entry.recipeChanged);
    if (changed.length === 0) continue;
    const buyers = await recentBuyers(tx, changed.map(({ result }) => result.code), context.now);
    for (const { result, name } of changed) {
      const before = result.before;
      if (before === null) continue;
      for (const buyer of buyers.filter((candidate) => candidate.productCode === result.code)) {
        await writeEvent(
          tx,
          recipeChangeEvent(
            {
              product: { code: result.code, name },
              recipeVersion: result.after.recipeVersion,
              allergens: allergenChanges(before, result.after),
              ingredients: before.ingredients === result.after.ingredients ? null : { before: before.ingredients, after: result.after.ingredients },
              recipient: { userId: buyer.userId, name: buyer.name, email: buyer.email },
            },
            context.cause,
          ),
        );
      }
    }
  }
  return results;
}
