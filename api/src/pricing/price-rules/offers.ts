import type { Adjustment, PriceHint } from '../price-adjuster';
import { money, type Money } from '../money';

/** The adjustments that are offers: what a customer is told it saved (docs/pricing.md "Savings"). */
const OFFER_KINDS: ReadonlySet<string> = new Set(['volumeTier', 'promotion']);

/** A line's one offer, if it has one (the rules never stack two). */
export const offerOf = (adjustments: readonly Adjustment[]): Adjustment | undefined => adjustments.find((adjustment) => OFFER_KINDS.has(adjustment.kind));

/** What a line saves by its offer, in pence: the offer's reduction of each case times the cases. */
export const lineSaving = (adjustments: readonly Adjustment[], quantity: number): number => -(offerOf(adjustments)?.amount ?? 0) * quantity;

export interface OfferView {
  offer: { kind: string; name: string; endsOn: string | undefined } | undefined;
  wasPrice: Money | undefined;
  saving: Money | undefined;
  nextBreak: { minQuantity: number; price: Money; moreNeeded: number } | undefined;
  offersEndingBeforeDelivery: { name: string; endsOn: string }[] | undefined;
}

/** Most lines have no offer and nothing to tell: they share this one answer. */
const NO_OFFER: OfferView = Object.freeze({ offer: undefined, wasPrice: undefined, saving: undefined, nextBreak: undefined, offersEndingBeforeDelivery: undefined });

/**
 * What an answer shows of a priced line's offer and hints (cart lines, order lines): the offer with the price it
 * was before it and the line's saving; the next volume break and how many more cases reach it; offers that end
 * before the delivery date. Every field is there, undefined where the line has none (left out of the JSON), so
 * each line's answer has the one shape the serializer is fastest with.
 */
export function offerView(line: { unitPricePence: number; quantity: number; adjustments: readonly Adjustment[]; priceHints?: readonly PriceHint[] }): OfferView {
  const offer = offerOf(line.adjustments);
  if (!offer && !line.priceHints?.length) return NO_OFFER;
  let next: Extract<PriceHint, { kind: 'nextBreak' }> | undefined;
  let ending: { name: string; endsOn: string }[] | undefined;
  for (const hint of line.priceHints ?? []) {
    if (hint.kind === 'nextBreak') next = hint;
    else (ending ??= []).push({ name: hint.name, endsOn: hint.endsOn });
  }
  return {
    offer: offer && { kind: offer.kind, name: offer.name ?? offer.source, endsOn: offer.endsOn },
    wasPrice: offer && money(line.unitPricePence - offer.amount),
    saving: offer && money(lineSaving(line.adjustments, line.quantity)),
    nextBreak: next && { minQuantity: next.minQuantity, price: money(next.unit), moreNeeded: next.minQuantity - line.quantity },
    offersEndingBeforeDelivery: ending,
  };
}

/** The savings of priced lines together. */
export const totalSaving = (lines: readonly { quantity: number; adjustments: readonly Adjustment[] }[]): Money =>
  money(lines.reduce((sum, line) => sum + lineSaving(line.adjustments, line.quantity), 0));
