import type { EntryRow } from '../carts/cart-queries';
import type { Adjustment } from '../pricing/price-adjuster';
import { rowAmounts } from '../pricing/price-lines';

/** An order line as written: the product as it was, the price the pipeline gave it and how it got there. */
export interface OrderLineSnapshot {
  lineNumber: number;
  productCode: string;
  name: string;
  packSize: string;
  unitPricePence: number;
  vatRateBp: number;
  quantity: number;
  netPence: number;
  vatPence: number;
  priceAdjustments: Adjustment[];
  /** Whether the warehouse may send a substitute (docs/substitutions.md); absent: the column's default, no. */
  allowSubstitute?: boolean;
}

/** A line priced by the pipeline (pricing/price-lines.ts) as an order keeps it; the one snapshot of checkout and amendments. */
export function orderLineSnapshot(line: EntryRow & { adjustments?: readonly Adjustment[] }, lineNumber: number, allowSubstitute?: boolean): OrderLineSnapshot {
  return {
    ...(allowSubstitute === undefined ? {} : { allowSubstitute }),
    lineNumber,
    productCode: line.productCode,
    name: line.name,
    packSize: line.packSize,
    unitPricePence: line.unitPricePence,
    vatRateBp: line.vatRateBp,
    quantity: line.quantity,
    ...rowAmounts(line),
    priceAdjustments: [...(line.adjustments ?? [])],
  };
}
