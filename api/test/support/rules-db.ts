import type { DbOrTx } from '../../src/db/client';

/**
 * A database handle that answers the price rules statement (pricing/price-rules/price-rules-reader.ts) with
 * `rules` and nothing else: for unit tests of the pipeline whose lines carry their bases.
 */
export const rulesDb = (rules: { dated?: unknown[]; tiers?: unknown[]; promotions?: unknown[] } = {}): DbOrTx => {
  const row = { dated: [], tiers: [], promotions: [], ...rules };
  const prepared = { execute: () => Promise.resolve([row]) };
  return { select: () => ({ from: () => ({ prepare: () => prepared }) }) } as unknown as DbOrTx;
};
