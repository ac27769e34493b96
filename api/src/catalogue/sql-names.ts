import { sql } from 'drizzle-orm';
import { prices, products } from '../db/schema';
import { constant } from './sql-rows';

/** The tables and columns the catalogue's statements name, each rendered once (see constant). */
export const P = {
  table: constant(sql`${products}`),
  code: constant(sql`${products.code}`),
  name: constant(sql`${products.name}`),
  range: constant(sql`${products.range}`),
  categoryId: constant(sql`${products.categoryId}`),
  brand: constant(sql`${products.brand}`),
  storage: constant(sql`${products.storage}`),
  packType: constant(sql`${products.packType}`),
  collections: constant(sql`${products.collections}`),
  featured: constant(sql`${products.featured}`),
  discontinued: constant(sql`${products.discontinued}`),
  listPricePence: constant(sql`${products.listPricePence}`),
  searchDocument: constant(sql`${products.searchDocument}`),
};

export const PRICES = {
  table: constant(sql`${prices}`),
  productCode: constant(sql`${prices.productCode}`),
  soldToCode: constant(sql`${prices.soldToCode}`),
  pricePence: constant(sql`${prices.pricePence}`),
};
