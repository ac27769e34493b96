import type { DbOrTx } from '../db/client';
import type { IsoDate } from '../time/calendar-date';
import { londonDate } from '../time/london-time';

/** Whom and when a price is for: the same lines may cost a sold-to one thing and another sold-to, or date, another. */
export interface PriceContext {
  soldTo: string;
  shipTo: string;
  range: string;
  /** The delivery date the lines are for; null where there is none yet (a cart without a date). */
  deliveryDate: IsoDate | null;
  /** Today in London: lines without a delivery date are priced for it, and it tells which offers end before the date. */
  today: IsoDate;
  /** The ship-to's minimum order for the range, where the caller read it with the scope (docs/minimum-order.md). */
  minimumOrder?: MinimumOrderTerms;
}

/** A ship-to's minimum order for a range as the scope reads it (accounts/ship-tos.ts): all null where it has none. */
export interface MinimumOrderTerms {
  minimumOrderPence: number | null;
  belowMinimum: 'charge' | 'refuse' | null;
  deliveryChargePence: number | null;
}

/** The date lines are priced for: their delivery date, or today while they have none (docs/pricing.md). */
export const pricedFor = (context: PriceContext): IsoDate => context.deliveryDate ?? context.today;

/** Today in London, as pricing takes it: lines without a delivery date are priced for it. */
export const pricingToday = (now: Date = new Date()): IsoDate => londonDate(now);

/** The context of lines ordered for a ship-to's scope (accounts/ship-tos.ts) and a delivery date. */
export const priceContext = (
  scope: { soldToCode: string; shipToCode: string; range: string } & Partial<MinimumOrderTerms>,
  deliveryDate: IsoDate | null,
  now: Date = new Date(),
): PriceContext => ({
  soldTo: scope.soldToCode,
  shipTo: scope.shipToCode,
  range: scope.range,
  deliveryDate,
  today: pricingToday(now),
  ...(scope.minimumOrderPence === undefined
    ? {}
    : { minimumOrder: { minimumOrderPence: scope.minimumOrderPence, belowMinimum: scope.belowMinimum ?? null, deliveryChargePence: scope.deliveryChargePence ?? null } }),
});

/**
 * One change to a line's unit price and why: `kind` names the adjuster ('contractPrice', 'promotion', …),
 * `source` what it applied (a sold-to, a promotion code), `amount` the pence it adds to each unit (negative
 * lowers it). Amounts are per unit so that a line's net stays its unit price times its quantity, as order
 * lines, credits and invoices take it.
 */
export interface Adjustment {
  kind: string;
  source: string;
  amount: number;
  /** What a customer reads of it, where it has a name ("Brie 10 % off", "5+ cases"). */
  name?: string;
  /** The last delivery date it applies to, where it ends. */
  endsOn?: IsoDate;
}

/**
 * What an adjuster knows of a line beyond its price, for the cart to tell the customer: the next volume break
 * ("5+ cases: £9.50 each — add 2 more"), or an offer live today that ends before the line's delivery date.
 */
export type PriceHint =
  | { kind: 'nextBreak'; minQuantity: number; unit: number }
  | { kind: 'offerEndsBeforeDelivery'; source: string; name: string; endsOn: IsoDate };

/** An adjuster's answer for one line: no change, one adjustment, or several in order with hints. */
export type LineAnswer = Adjustment | null | { adjustments: readonly Adjustment[]; hints: readonly PriceHint[] };

/** A line as the adjusters see it: the catalogue's prices for the sold-to, and its unit price so far. */
export interface AdjustingLine {
  code: string;
  /** The category the product sits in: a promotion may be on it or a category above. */
  categoryId: string;
  quantity: number;
  vatRateBp: number;
  /** The product's list price. */
  listUnit: number;
  /** The sold-to's own price where it has one, else the list price (contract-price/contract-price.ts). */
  contractUnit: number;
  /** The list price with the adjustments of the adjusters before this one. */
  unit: number;
  adjustments: readonly Adjustment[];
}

/**
 * A step of the pricing pipeline (price-lines.ts). It sees all the lines at once, so one that needs data reads
 * it in one query for all of them, and answers each line's adjustment or null, in the order of the lines.
 */
export interface PriceAdjuster {
  kind: string;
  adjust(db: DbOrTx, context: PriceContext, lines: readonly AdjustingLine[]): LineAnswer[] | Promise<LineAnswer[]>;
}

/**
 * A charge on an order as a whole rather than on its lines' unit prices (the delivery charge below a minimum
 * order): net pence and its VAT, added to the lines' totals.
 */
export interface Charge {
  kind: string;
  /** What the customer reads on its line ("Delivery charge"). */
  name: string;
  netPence: number;
  vatPence: number;
}

/** The goods' totals a charge adjuster sees: the lines as the line adjusters priced them. */
export interface GoodsTotals {
  netPence: number;
  vatPence: number;
}

/**
 * A step of the pricing pipeline after every line adjuster (price-lines.ts priceCharges): it sees the net value
 * of the priced lines, promotions taken off, and answers a charge on the order or null.
 */
export interface ChargeAdjuster {
  kind: string;
  charge(context: PriceContext, goods: GoodsTotals): Charge | null;
}
