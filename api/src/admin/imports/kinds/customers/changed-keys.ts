import type { WriteCounts } from '../../import-report';

/**
 * Counts as updated the ship-tos or users changed beside their own row's upsert (their ranges, their ship-tos,
 * a user disabled) whose row the upsert itself left unchanged.
 */
export function withChangedKeys(counts: WriteCounts & { written: Set<string> }, changed: Set<string>): WriteCounts {
  const extra = [...changed].filter((key) => !counts.written.has(key)).length;
  return { inserted: counts.inserted, updated: counts.updated + extra, unchanged: counts.unchanged - extra };
}
