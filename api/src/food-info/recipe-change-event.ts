import type { Channels } from '../outbox/event-types';
import type { OutboxEvent } from '../outbox/write-event';
import type { Cause } from '../tracing/cause';
import type { Allergen, AllergenStatus } from './allergens';

export const RECIPE_CHANGE_TYPE = 'product.recipeChanged';
/** The mail kind a user may turn off: "product changes" in their notification preferences. */
export const PRODUCT_CHANGES_KIND = 'productChanges';

/** A recipe change is news for the kitchens that buy the product, not for the ERP that made it. */
export const RECIPE_CHANGE_CHANNELS: Channels = ['mail'];

/** One allergen's declaration before and after; null is "not supplied". */
export interface AllergenChange {
  allergen: Allergen;
  from: AllergenStatus | null;
  to: AllergenStatus | null;
}

/** What one user's mail is written from, taken in the transaction that changed the product. */
export interface RecipeChangeData {
  product: { code: string; name: string };
  recipeVersion: number;
  allergens: AllergenChange[];
  /** Null when the ingredients stayed the same. */
  ingredients: { before: string; after: string } | null;
  recipient: { userId: number; name: string; email: string };
}

/** One user's mail about one version of a product: keyed by both, so a user's mails about a product keep their order. */
export function recipeChangeEvent(data: RecipeChangeData, cause: Cause | undefined): OutboxEvent<RecipeChangeData> {
  return {
    type: RECIPE_CHANGE_TYPE,
    key: `product/${data.product.code}/${data.recipient.userId}`,
    channels: RECIPE_CHANGE_CHANNELS,
    payload: data,
    ...(cause === undefined ? {} : { cause }),
  };
}
