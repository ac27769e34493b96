import type { DbOrTx } from '../../db/client';
import type { Adjustment, AdjustingLine, LineAnswer, PriceAdjuster, PriceContext, PriceHint } from '../price-adjuster';
import { pricedFor } from '../price-adjuster';
import { bestOffer } from './best-offer';
import { coversDate, datedUnit } from './dated-price';
import { NO_RULES, type LineRules, type RulesLookup } from './line-rules';
import { priceRulesCopyOf, priceRulesCopyOfTransaction } from './price-rules-copy';
import { readPriceRules } from './price-rules-reader';
import type { PromotionOffer } from './promotion-price';
import { nextTier, tiersFor, type VolumeTier } from './volume-tiers';

const NO_HINTS: readonly PriceHint[] = Object.freeze([]);

/** The promotions that cover `date`: the same list when all do, as on most days. */
const coveringDate = (offers: readonly PromotionOffer[], date: string): readonly PromotionOffer[] =>
  offers.every((offer) => coversDate(offer, date)) ? offers : offers.filter((offer) => coversDate(offer, date));

/** Offers live today whose last day comes before the delivery date: the date decides, and the cart says so. */
function endingBefore(offers: readonly PromotionOffer[], date: string, today: string): readonly PriceHint[] {
  let hints: PriceHint[] | undefined;
  for (const ending of offers) {
    if (!coversDate(ending, date) && coversDate(ending, today)) (hints ??= []).push({ kind: 'offerEndsBeforeDelivery', source: ending.code, name: ending.name, endsOn: ending.validTo });
  }
  return hints ?? NO_HINTS;
}

/**
 * A product's breaks as they apply, worked out once per rules object: the process's copy hands out the same
 * frozen rules for a sold-to's product until the rules change, so a cart's lines do not sort them on every read.
 */
const appliedTiers = new WeakMap<LineRules, readonly VolumeTier[]>();
function tiersOf(rules: LineRules): readonly VolumeTier[] {
  if (rules.tiers.length === 0) return rules.tiers;
  let tiers = appliedTiers.get(rules);
  if (!tiers) {
    tiers = tiersFor(rules.tiers);
    appliedTiers.set(rules, tiers);
  }
  return tiers;
}

// Called for every line of every cart read: it allocates only for what a line actually has.
function lineAnswer(line: AdjustingLine, rules: LineRules, context: PriceContext): LineAnswer {
  if (rules === NO_RULES) return null;
  const date = pricedFor(context);
  let regular = line.unit;
  let datedAdjustment: Adjustment | null = null;
  const dated = rules.dated.length === 0 ? undefined : datedUnit(rules.dated, date, line.contractUnit !== line.listUnit);
  if (dated && dated.unit !== regular) {
    datedAdjustment = { kind: 'datedPrice', source: `${dated.soldTo ?? 'list'}:${dated.validFrom}`, amount: dated.unit - regular };
    regular = dated.unit;
  }
  const tiers = tiersOf(rules);
  const offer = bestOffer(regular, line.quantity, tiers, coveringDate(rules.promotions, date));
  const next = tiers.length === 0 ? undefined : nextTier(tiers, line.quantity, regular + (offer?.amount ?? 0));
  const ending = rules.promotions.length === 0 ? NO_HINTS : endingBefore(rules.promotions, date, context.today);
  if (!next && ending.length === 0) {
    if (!datedAdjustment) return offer;
    if (!offer) return datedAdjustment;
  }
  const adjustments = [datedAdjustment, offer].filter((one): one is Adjustment => one !== null);
  return { adjustments, hints: next ? [{ kind: 'nextBreak', minQuantity: next.minQuantity, unit: next.unit }, ...ending] : ending };
}

/**
 * The rules of the lines' products: from the process's copy for the database's own handle; inside a transaction
 * from the copy when the transaction sees the rules the copy holds, else from one statement (price-rules-copy.ts).
 */
async function readRules(db: DbOrTx, context: PriceContext, lines: readonly AdjustingLine[]): Promise<RulesLookup> {
  const copied = await priceRulesCopyOfTransaction(db)?.rulesIn(db, context.soldTo, lines);
  return copied ?? readPriceRules(db, context.soldTo, [...new Set(lines.map((line) => line.code))], { date: pricedFor(context), today: context.today });
}

const answers = (lines: readonly AdjustingLine[], rules: RulesLookup, context: PriceContext): LineAnswer[] =>
  lines.map((line) => lineAnswer(line, rules.get(line.code) ?? NO_RULES, context));

/**
 * Prices that vary (docs/pricing.md): after the contract price, a line takes the price in force on its delivery
 * date where a dated price covers it, then its one best offer (a volume break or a promotion). Answered at once
 * from the process's copy of the rules, without a turn of the event loop; else once the rules are read.
 */
export const priceRulesAdjuster: PriceAdjuster = {
  kind: 'priceRules',
  adjust(db, context, lines) {
    if (lines.length === 0) return [];
    const copied = priceRulesCopyOf(db)?.rulesFor(context.soldTo, lines);
    return copied ? answers(lines, copied, context) : readRules(db, context, lines).then((rules) => answers(lines, rules, context));
  },
};
