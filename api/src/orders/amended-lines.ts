import type { CartProduct } from '../carts/entries';
import { lineProblem } from '../carts/sellable';
import { lineAmounts, sumTotals, type Totals } from '../pricing/money';
import type { OrderChangeProblem } from './order-change-problems';
import { MAX_ORDER_PENCE } from './order-writer';

export interface WantedLine {
  productCode: string;
  quantity: number;
}

/** An order line as it will be written: the product's snapshot and today's price for the sold-to. */
export interface PricedLine {
  lineNumber: number;
  productCode: string;
  name: string;
  packSize: string;
  unitPricePence: number;
  vatRateBp: number;
  quantity: number;
  netPence: number;
  vatPence: number;
}

export type AmendedLines = { ok: true; lines: PricedLine[]; totals: Totals } | { ok: false; problem: OrderChangeProblem };

/**
 * The lines an amendment asks for, checked by the cart's and checkout's rule (known, same range, still
 * sold, minimum and maximum quantity) and priced from `products` (today's prices for the order's sold-to).
 * The first bad line is the answer; each product may appear once.
 */
export function priceAmendedLines(wanted: WantedLine[], products: ReadonlyMap<string, CartProduct>, range: string): AmendedLines {
  const seen = new Set<string>();
  const lines: PricedLine[] = [];
  for (const [index, { productCode, quantity }] of wanted.entries()) {
    if (seen.has(productCode)) return { ok: false, problem: { kind: 'repeatedProduct', index, productCode } };
    seen.add(productCode);
    const product = products.get(productCode);
    const problem = lineProblem(productCode, product && { ...product, code: product.productCode }, range, quantity);
    if (problem || !product) return { ok: false, problem: { kind: 'badLine', index, problem: problem ?? { kind: 'productUnknown', productCode } } };
    const amounts = lineAmounts(product.unitPricePence, quantity, product.vatRateBp);
    lines.push({
      lineNumber: index,
      productCode,
      name: product.name,
      packSize: product.packSize,
      unitPricePence: product.unitPricePence,
      vatRateBp: product.vatRateBp,
      quantity,
      ...amounts,
    });
  }
  const totals = sumTotals(lines);
  if (totals.grossPence > MAX_ORDER_PENCE) return { ok: false, problem: { kind: 'orderTooLarge', maximumPence: MAX_ORDER_PENCE } };
  return { ok: true, lines, totals };
}
