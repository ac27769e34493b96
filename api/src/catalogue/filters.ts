import { and, arrayContains, arrayOverlaps, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Range } from '../accounts/ship-tos';
import { products } from '../db/schema';
import type { RangeCategories } from './categories';
import { offeredCondition } from './live-offers';
import { SPECIAL_OFFERS, type FilterKey } from './search-query';
import { P } from './sql-names';

/** One SQL condition per selected facet key: values of one key are alternatives (multi-select), except those of freeFrom, dietary and avoid, which must all hold. */
export function filterConditions(selected: Map<FilterKey, string[]>, rangeCategories: RangeCategories): Map<FilterKey, SQL> {
  const conditions = new Map<FilterKey, SQL>();
  for (const [key, values] of selected) conditions.set(key, filterCondition(key, values, rangeCategories));
  return conditions;
}

function filterCondition(key: FilterKey, values: string[], rangeCategories: RangeCategories): SQL {
  switch (key) {
    case 'category': {
      // A category of another range has no descendants here, so it matches nothing rather than widening the scope.
      const ids = [...new Set(values.flatMap((id) => rangeCategories.descendants(id)))];
      return ids.length === 0 ? sql`false` : inArray(products.categoryId, ids);
    }
    case 'brand':
      return inArray(products.brand, values);
    case 'storage':
      return inArray(products.storage, values);
    case 'packType':
      return inArray(products.packType, values);
    case 'collection':
      return collectionCondition(values);
    case 'freeFrom':
      return arrayContains(products.allergensFree, values);
    case 'dietary':
      return arrayContains(products.dietary, values);
    case 'avoid':
      // Kept when the supplier said nothing of the allergen: "not supplied" is shown on the product, not guessed at.
      return sql`not (${arrayOverlaps(products.allergensContained, values)} or ${arrayOverlaps(products.allergensMayContain, values)})`;
    case 'featuredProduct':
      return eq(products.featured, true);
  }
}

/**
 * Best sellers are the products the catalogue import marks so; special offers are those with an offer the customer
 * can have today, whatever the import says (docs/pricing.md "Special offers in search"): the statement holds the
 * `live` and `reached` CTEs of live-offers.ts.
 */
function collectionCondition(values: string[]): SQL {
  const marked = values.filter((value) => value !== SPECIAL_OFFERS);
  const conditions = [...(values.includes(SPECIAL_OFFERS) ? [offeredCondition] : []), ...(marked.length === 0 ? [] : [arrayOverlaps(products.collections, marked)])];
  return conditions.length === 0 ? sql`false` : sql`(${sql.join(conditions, sql` or `)})`;
}

/** A product customers can find and order: the one definition the search statement and the search index share. */
export const SELLABLE: SQL = sql`not ${P.discontinued}`;

/** What every catalogue query starts from: sellable products of the one range in scope. */
export const inRange = (range: Range): SQL => sql`${P.range} = ${range} and ${SELLABLE}`;

/** All conditions except the one of `except`: what a facet counts over. */
export function allConditionsExcept(base: SQL[], filters: Map<FilterKey, SQL>, except?: FilterKey): SQL {
  const others = [...filters].filter(([key]) => key !== except).map(([, condition]) => condition);
  return and(...base, ...others) ?? sql`true`;
}
