import type { Adjustment, AdjustingLine, LineAnswer, PriceAdjuster, PriceContext, PriceHint } from '../price-adjuster';
import { pricedFor } from '../price-adjuster';
import { bestOffer } from './best-offer';
import { coversDate, datedUnit } from './dated-price';
import { NO_RULES, type LineRules } from './line-rules';
import { priceRulesCopyOf } from './price-rules-copy';
import { readPriceRules } from './price-rules-reader';
import { nextTier, tiersFor } from './volume-tiers';

function lineAnswer(line: AdjustingLine, rules: LineRules, context: PriceContext): LineAnswer {
  if (rules === NO_RULES) return null;
  const date = pricedFor(context);
  const adjustments: Adjustment[] = [];
  let regular = line.unit;
  const dated = datedUnit(rules.dated, date, line.contractUnit !== line.listUnit);
  if (dated && dated.unit !== regular) {
    adjustments.push({ kind: 'datedPrice', source: `${dated.soldTo ?? 'list'}:${dated.validFrom}`, amount: dated.unit - regular });
    regular = dated.unit;
  }
  const offers = rules.promotions;
  const onDate = offers.filter((offer) => coversDate(offer, date));
  const tiers = tiersFor(rules.tiers);
  const offer = bestOffer(regular, line.quantity, tiers, onDate);
  if (offer) adjustments.push(offer);
  const unit = regular + (offer?.amount ?? 0);
  const hints: PriceHint[] = [];
  const next = nextTier(tiers, line.quantity, unit);
  if (next) hints.push({ kind: 'nextBreak', minQuantity: next.minQuantity, unit: next.unit });
  // Live today, over by the delivery date: the date decides, and the cart says so before checkout.
  for (const ending of offers) {
    if (!coversDate(ending, date) && coversDate(ending, context.today)) hints.push({ kind: 'offerEndsBeforeDelivery', source: ending.code, name: ending.name, endsOn: ending.validTo });
  }
  return adjustments.length === 0 && hints.length === 0 ? null : { adjustments, hints };
}

/**
 * Prices that vary (docs/pricing.md): after the contract price, a line takes the price in force on its delivery
 * date where a dated price covers it, then its one best offer (a volume break or a promotion). The rules come from
 * the process's copy where there is one for this handle (price-rules-copy.ts), else from one statement.
 */
export const priceRulesAdjuster: PriceAdjuster = {
  kind: 'priceRules',
  async adjust(db, context, lines) {
    if (lines.length === 0) return [];
    const rules =
      priceRulesCopyOf(db)?.rulesFor(context.soldTo, lines) ?? (await readPriceRules(db, context.soldTo, [...new Set(lines.map((line) => line.code))]));
    return lines.map((line) => lineAnswer(line, rules.get(line.code) ?? NO_RULES, context));
  },
};
