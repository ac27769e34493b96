import type { Adjustment, PriceHint } from '../price-adjuster';
import { money, type Money } from '../money';

/** The adjustments that are offers: what a customer is told it saved (docs/pricing.md "Savings"). */
const OFFER_KINDS: ReadonlySet<string> = new Set(['volumeTier', 'promotion']);

/** A line's one offer, if it has one (the rules never stack two). */
export const offerOf = (adjustments: readonly Adjustment[]): Adjustment | undefined => adjustments.find((adjustment) => OFFER_KINDS.has(adjustment.kind));

/** What a line saves by its offer, in pence: the offer's reduction of each case times the cases. */
export const lineSaving = (adjustments: readonly Adjustment[], quantity: number): number => -(offerOf(adjustments)?.amount ?? 0) * quantity;

/**
 * What an answer shows of a priced line's offer and hints (cart lines, order lines): the offer with the price it
 * was before it and the line's saving; the next volume break and how many more cases reach it; offers that end
 * before the delivery date. Nothing at all for a line without any.
 */
export function offerView(line: { unitPricePence: number; quantity: number; adjustments: readonly Adjustment[]; priceHints?: readonly PriceHint[] }) {
  const offer = offerOf(line.adjustments);
  const next = line.priceHints?.find((hint) => hint.kind === 'nextBreak');
  const ending = (line.priceHints ?? []).flatMap((hint) => (hint.kind === 'offerEndsBeforeDelivery' ? [{ name: hint.name, endsOn: hint.endsOn }] : []));
  return {
    ...(offer && {
      offer: { kind: offer.kind, name: offer.name ?? offer.source, ...(offer.endsOn && { endsOn: offer.endsOn }) },
      wasPrice: money(line.unitPricePence - offer.amount),
      saving: money(lineSaving(line.adjustments, line.quantity)),
    }),
    ...(next && { nextBreak: { minQuantity: next.minQuantity, price: money(next.unit), moreNeeded: next.minQuantity - line.quantity } }),
    ...(ending.length > 0 && { offersEndingBeforeDelivery: ending }),
  };
}

/** The savings of priced lines together. */
export const totalSaving = (lines: readonly { quantity: number; adjustments: readonly Adjustment[] }[]): Money =>
  money(lines.reduce((sum, line) => sum + lineSaving(line.adjustments, line.quantity), 0));
