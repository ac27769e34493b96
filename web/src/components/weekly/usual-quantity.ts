import type { GuideLine } from '@/lib/commerce/weekly-schemas';

/** What a usual item starts at: the kitchen's par level, else the usual (median) quantity, never below the minimum. */
export const startingQuantity = (line: GuideLine): number =>
  Math.max(line.product.minOrderQuantity, line.parLevel ?? line.usualQuantity ?? line.product.minOrderQuantity);
