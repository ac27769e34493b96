import type { DbOrTx } from '../db/client';

/** Whom and when a price is for: the same lines may cost a sold-to one thing and another sold-to, or date, another. */
export interface PriceContext {
  soldTo: string;
  shipTo: string;
  range: string;
  /** The delivery date the lines are for; null where there is none yet (a cart without a date). */
  deliveryDate: string | null;
}

/** The context of lines ordered for a ship-to's scope (accounts/ship-tos.ts) and a delivery date. */
export const priceContext = (scope: { soldToCode: string; shipToCode: string; range: string }, deliveryDate: string | null): PriceContext => ({
  soldTo: scope.soldToCode,
  shipTo: scope.shipToCode,
  range: scope.range,
  deliveryDate,
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
}

/** A line as the adjusters see it: the catalogue's prices for the sold-to, and its unit price so far. */
export interface AdjustingLine {
  code: string;
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
  adjust(db: DbOrTx, context: PriceContext, lines: readonly AdjustingLine[]): (Adjustment | null)[] | Promise<(Adjustment | null)[]>;
}
