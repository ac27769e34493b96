import { RANGES } from '../../../accounts/ship-tos';
import { categories, products } from '../../../db/schema';
import { STORAGE_TEXT, STORAGES } from '../../../catalogue/storage';
import { refuseDuplicates, type BatchedKind } from '../import-kind';
import { RowReader } from '../row-reader';
import type { UpsertTarget } from '../staged-upsert';
import { upsertRows } from '../upsert';
import type { FoodInfoInput } from '../../../food-info/food-info-input';
import { writeFoodInfo } from '../../../food-info/food-info-writer';
import { FOOD_IMPORT_COLUMNS, openFoodStage, readProductFood } from './product-food';

const STOCK = ['inStock', 'lowStock', 'outOfStock'] as const;
const COLLECTIONS = ['specialoffers', 'bestsellers'];
/** VAT as a percentage in the file, basis points in the database. */
const VAT_RATES = new Map([['0', 0], ['5', 500], ['20', 2000]]);

type Located<T> = T & { line: number };

/** A product as the products import writes it (the demo seed's generator makes the same rows). */
export interface ProductImportRow {
  code: string;
  name: string;
  description: string;
  brand: string;
  range: 'CHIL' | 'DAIR';
  categoryId: string;
  packSize: string;
  packType: string;
  salesUnit: string;
  listPricePence: number;
  vatRateBp: number;
  storage: string;
  storageText: string;
  shelfLifeDays: number;
  minOrderQuantity: number;
  stockStatus: string;
  featured: boolean;
  collections: string[];
  discontinued: boolean;
  /** Null: the row says nothing of food, and the product's food information stays as it is. */
  food: FoodInfoInput | null;
}

function readProduct(reader: RowReader): ProductImportRow | undefined {
  const code = reader.code('code');
  const name = reader.text('name', { max: 150 });
  const description = reader.text('description', { max: 2000, optional: true }) ?? '';
  const brand = reader.text('brand', { max: 80 });
  const range = reader.oneOf('range', RANGES);
  const categoryId = reader.code('category');
  const packSize = reader.text('packSize', { max: 40 });
  const packType = reader.text('packType', { max: 40, optional: true }) ?? 'Case';
  const salesUnit = reader.text('salesUnit', { max: 20, optional: true }) ?? 'case';
  const listPricePence = reader.pence('listPrice');
  const vatText = reader.text('vatRate', { max: 6 });
  const vatRateBp = vatText === undefined ? undefined : (VAT_RATES.get(vatText.replace(/%$/, '')) ?? reader.problem('vatRate', 'Must be 0, 5 or 20 (per cent)'));
  const storage = reader.oneOf('storage', STORAGES);
  const storageText = reader.text('storageText', { max: 120, optional: true }) ?? (storage ? STORAGE_TEXT[storage] : '');
  const shelfLifeDays = reader.integer('shelfLifeDays', 1, 3650);
  const minOrderQuantity = reader.integer('minOrderQuantity', 1, 999, 1);
  const stockStatus = reader.oneOf('stockStatus', STOCK, 'inStock');
  const featured = reader.boolean('featured', false);
  const collections = reader.list('collections');
  const unknown = collections.find((collection) => !COLLECTIONS.includes(collection));
  if (unknown) reader.problem('collections', `Unknown collection '${unknown}': use ${COLLECTIONS.join(', ')}`);
  const active = reader.boolean('active', true);
  const food = readProductFood(reader);
  if (reader.problems.length > 0 || food === undefined) return undefined;
  if (!code || !name || !brand || !range || !categoryId || !packSize || listPricePence === undefined || vatRateBp === undefined) return undefined;
  if (!storage || shelfLifeDays === undefined || minOrderQuantity === undefined || !stockStatus || featured === undefined || active === undefined) return undefined;
  return {
    code, name, description, brand, range, categoryId, packSize, packType, salesUnit, listPricePence, vatRateBp, storage, storageText,
    shelfLifeDays, minOrderQuantity, stockStatus, featured, collections: [...new Set(collections)], discontinued: !active, food,
  };
}

const P = products;
const PRODUCT_TARGET = {
  table: products,
  keys: [P.code],
  updated: [
    P.name, P.description, P.brand, P.range, P.categoryId, P.packSize, P.packType, P.salesUnit, P.listPricePence, P.vatRateBp,
    P.storage, P.storageText, P.shelfLifeDays, P.minOrderQuantity, P.stockStatus, P.featured, P.collections, P.discontinued,
  ],
} satisfies UpsertTarget;

/** Products by code. `active=false` stops a product being sold: search, carts and reorder treat it as discontinued. */
export const productImport: BatchedKind<ProductImportRow> = {
  kind: 'products',
  columns: [
    { name: 'code', required: true, help: 'Product code (the key)', example: '100001' },
    { name: 'name', required: true, help: 'Name shown in the shop', example: 'Semi-Skimmed Milk' },
    { name: 'description', required: false, help: 'Longer text for the product page', example: 'Fresh semi-skimmed milk from Yorkshire farms.' },
    { name: 'brand', required: true, help: 'Brand', example: 'Meadowvale' },
    { name: 'range', required: true, help: 'CHIL or DAIR', example: 'DAIR' },
    { name: 'category', required: true, help: 'Id of its category (in the same range)', example: 'DAIR_MILK' },
    { name: 'packSize', required: true, help: 'Pack size as shown', example: '12 x 1 L' },
    { name: 'packType', required: false, help: 'e.g. Bottle, Tub, Block; default Case', example: 'Bottle' },
    { name: 'salesUnit', required: false, help: 'Unit sold; default case', example: 'case' },
    { name: 'listPrice', required: true, help: 'List price per case in pounds, net of VAT, at most two decimals', example: '9.85' },
    { name: 'vatRate', required: true, help: 'VAT in per cent: 0, 5 or 20', example: '0' },
    { name: 'storage', required: true, help: 'chilled, frozen or ambient', example: 'chilled' },
    { name: 'storageText', required: false, help: 'Storage advice; default from storage', example: 'Keep refrigerated 0-5 °C' },
    { name: 'shelfLifeDays', required: true, help: 'Shelf life from delivery, in days', example: '10' },
    { name: 'minOrderQuantity', required: false, help: 'Fewest cases per order; default 1', example: '1' },
    { name: 'stockStatus', required: false, help: 'inStock, lowStock or outOfStock; default inStock', example: 'inStock' },
    { name: 'featured', required: false, help: 'true or false; default false', example: 'false' },
    { name: 'collections', required: false, help: 'Any of specialoffers, bestsellers, separated by spaces (special offers in the shop are the products with a live promotion, whatever this says)', example: 'bestsellers' },
    { name: 'active', required: false, help: 'false stops the product being sold; default true', example: 'true' },
    ...FOOD_IMPORT_COLUMNS,
  ],
  async startCheck(db) {
    // The categories a product may name: a few hundred, read once per file.
    const known = new Map((await db.select({ id: categories.id, range: categories.range, parentId: categories.parentId }).from(categories)).map((c) => [c.id, c]));
    const seen = new Map<string, number>();
    return async (source, problems) => {
      const read: Located<ProductImportRow>[] = [];
      for (const row of source) {
        const reader = new RowReader(row);
        const product = readProduct(reader);
        problems.push(...reader.problems);
        if (product) read.push({ ...product, line: row.line });
      }
      const unique = refuseDuplicates(read, (row) => row.code, 'code', problems, seen);
      const rows = unique.filter((row) => {
        const category = known.get(row.categoryId);
        const reason = !category
          ? `Category '${row.categoryId}' does not exist: import it first`
          : category.parentId === null
            ? 'A product sits in a category, not directly in a range'
            : category.range !== row.range
              ? `Category '${row.categoryId}' is in the ${category.range} range, not ${row.range}`
              : undefined;
        if (reason) problems.push({ line: row.line, column: 'category', reason });
        return reason === undefined;
      });
      return rows.map(({ line: _line, ...product }) => product);
    };
  },
  target: PRODUCT_TARGET,
  follower: openFoodStage,
  async write(tx, rows, context) {
    const counts = await upsertRows(tx, PRODUCT_TARGET.table, rows, PRODUCT_TARGET.keys, PRODUCT_TARGET.updated);
    const food = rows.flatMap((row) => (row.food === null ? [] : [{ code: row.code, info: row.food }]));
    await writeFoodInfo(tx, food, { now: context.now, ...(context.cause ? { cause: context.cause } : {}) });
    return counts;
  },
};
