/** A price break: from `minQuantity` cases a case costs `unit` (docs/pricing.md "Volume tiers"). */
export interface VolumeTier {
  minQuantity: number;
  unit: number;
  /** The sold-to whose own break it is; null for everyone's. */
  soldTo: string | null;
}

/** The breaks that apply to a sold-to: its own where it has any for the product, else everyone's; lowest first. */
export function tiersFor(tiers: readonly VolumeTier[]): VolumeTier[] {
  const own = tiers.filter((tier) => tier.soldTo !== null);
  return [...(own.length > 0 ? own : tiers)].sort((a, b) => a.minQuantity - b.minQuantity);
}

/** The break a quantity reaches, if any: the one with the highest minimum not above it. */
export function reachedTier(tiers: readonly VolumeTier[], quantity: number): VolumeTier | undefined {
  let reached: VolumeTier | undefined;
  for (const tier of tiers) if (tier.minQuantity <= quantity) reached = tier;
  return reached;
}

/** The next break above a quantity that would lower a case below `unit`, if any. */
export function nextTier(tiers: readonly VolumeTier[], quantity: number, unit: number): VolumeTier | undefined {
  return tiers.find((tier) => tier.minQuantity > quantity && tier.unit < unit);
}
