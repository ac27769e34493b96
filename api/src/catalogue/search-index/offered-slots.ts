import type { OfferTargets } from '../../pricing/price-rules/price-rules-copy';
import { SCRATCH_BITS, SET, type ProductStore } from './product-store';

/**
 * The slots of the products an offer the caller can have today is on (the special offers), as a bit set (a scratch
 * one of the store): the products named and every product of each category reached, as offeredCondition
 * (live-offers.ts) finds them in SQL.
 */
export function offeredSlots(store: ProductStore, offers: OfferTargets, words: number): Uint32Array {
  const bits = store.scratch.bits(SCRATCH_BITS.offered, words);
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
