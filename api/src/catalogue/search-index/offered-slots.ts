import type { OfferTargets } from '../../pricing/price-rules/price-rules-copy';
import { SET, type ProductStore } from './product-store';

/** Offered slots worked out, by store, for the offer targets they came from (themselves kept by day and sold-to). */
const kept = new WeakMap<ProductStore, { version: number; byTargets: Map<OfferTargets, Uint32Array> }>();
/** Bit sets kept a store at most (one a sold-to and day searched): beyond it they start over. */
const KEPT_LIMIT = 256;

/**
 * The slots of the products an offer the caller can have today is on (the special offers), as a bit set: the
 * products named and every product of each category reached, as offeredCondition (live-offers.ts) finds them in
 * SQL. Marking them costs a lookup a product of every live promotion, so the set is kept until the store changes
 * or the targets are worked out again; callers only read it.
 */
export function offeredSlots(store: ProductStore, offers: OfferTargets, words: number): Uint32Array {
  let memo = kept.get(store);
  if (memo === undefined || memo.version !== store.version || memo.byTargets.size >= KEPT_LIMIT) {
    memo = { version: store.version, byTargets: new Map() };
    kept.set(store, memo);
  }
  let bits = memo.byTargets.get(offers);
  if (bits === undefined || bits.length !== words) {
    bits = markOffered(store, offers, words);
    memo.byTargets.set(offers, bits);
  }
  return bits;
}

function markOffered(store: ProductStore, offers: OfferTargets, words: number): Uint32Array {
  const bits = new Uint32Array(words);
  for (const id of offers.categories) {
    const value = store.categories.idOf(id);
    const set = value === undefined ? undefined : store.sets.get(SET.category, value);
    if (set !== undefined) for (let w = 0; w < words; w++) bits[w] = (bits[w] ?? 0) | (set[w] ?? 0);
  }
  for (const code of offers.products) {
    const slot = store.slotFor(code);
    if (slot !== undefined) bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) | (1 << (slot & 31));
  }
  return bits;
}
