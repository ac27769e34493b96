import { categoryImport } from './kinds/categories';
import { customerImport } from './kinds/customers';
import { datedPriceImport } from './kinds/dated-prices';
import { priceImport } from './kinds/prices';
import { productImport } from './kinds/products';
import { promotionImport } from './kinds/promotions';
import { volumeTierImport } from './kinds/volume-tiers';

/** Every kind of import, by the name used in /admin/v1/imports/{kind}. */
export const IMPORT_KINDS = {
  categories: categoryImport,
  products: productImport,
  prices: priceImport,
  customers: customerImport,
  promotions: promotionImport,
  datedPrices: datedPriceImport,
  volumeTiers: volumeTierImport,
} as const;

export type ImportKindName = keyof typeof IMPORT_KINDS;
export const IMPORT_KIND_NAMES = Object.keys(IMPORT_KINDS) as ImportKindName[];

/** Importing customers is customer service's work too; the catalogue and prices are the admin's alone. */
export const kindChangesCatalogue = (kind: ImportKindName) => kind !== 'customers';
