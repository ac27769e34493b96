import type { LineSubstitution } from '../db/schema';
import { lineAmounts, sumTotals, type Totals } from '../pricing/money';

/** A product as a substitution names it. */
export interface SubstituteProduct {
  code: string;
  name: string;
  packSize: string;
  vatRateBp: number;
}

/** What a dispatch report says of one line: the product sent instead, its cases and unit price in pence. */
export interface ReportedSubstitution {
  substitutedBy: string;
  quantity: number;
  unitPrice: number;
}

/** A substitution as an order line keeps it: the product as it is now, the report's price and its amounts. */
export function lineSubstitution(product: SubstituteProduct, reported: ReportedSubstitution): LineSubstitution {
  return {
    productCode: product.code,
    name: product.name,
    packSize: product.packSize,
    quantity: reported.quantity,
    unitPricePence: reported.unitPrice,
    vatRateBp: product.vatRateBp,
    ...lineAmounts(reported.unitPrice, reported.quantity, product.vatRateBp),
  };
}

/** Whether two substitutions say the same: a report repeating one changes nothing (docs/substitutions.md). */
export function sameSubstitution(a: LineSubstitution | null, b: LineSubstitution | null): boolean {
  if (a === null || b === null) return a === b;
  return a.productCode === b.productCode && a.quantity === b.quantity && a.unitPricePence === b.unitPricePence && a.vatRateBp === b.vatRateBp;
}

interface SentLine {
  netPence: number;
  vatPence: number;
  substitution: LineSubstitution | null;
}

/** The charges on an order as a whole (docs/minimum-order.md), which no substitution changes. */
export interface OrderCharges {
  deliveryChargePence: number;
  deliveryChargeVatPence: number;
}

/**
 * An order's totals for what was sent: a substituted line counts at the substitute's amounts, every other line
 * at what was ordered (a short delivery is settled by the invoice and credit notes, docs/substitutions.md), and
 * the order's charges as they were.
 */
export function sentTotals(lines: readonly SentLine[], charges: OrderCharges): Totals {
  const sent = lines.map((line) => (line.substitution ? { netPence: line.substitution.netPence, vatPence: line.substitution.vatPence } : { netPence: line.netPence, vatPence: line.vatPence }));
  return sumTotals([...sent, { netPence: charges.deliveryChargePence, vatPence: charges.deliveryChargeVatPence }]);
}

/**
 * The sentence the customer reads, the "Whole Milk 2 L sent instead of 1 L × 2": the substitute's name and
 * pack, then what was ordered (its pack alone where the names are the same, else its name and pack) and the
 * cases ordered.
 */
export function substitutionSentence(line: { name: string; packSize: string; quantity: number; substitution: LineSubstitution }): string {
  const sent = line.substitution;
  const ordered = sent.name === line.name ? line.packSize : `${line.name} ${line.packSize}`;
  return `${sent.name} ${sent.packSize} sent instead of ${ordered} × ${line.quantity}`;
}
