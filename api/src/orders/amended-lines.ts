import type { EntryRow } from '../carts/cart-queries';
import type { CartProduct } from '../carts/entries';
import { fail, ok, type Result } from '../errors/result';
import { lineAmounts, type Totals } from '../pricing/money';
import { canPlace, type PlaceCandidate } from './can-place';
import type { OrderChangeProblem } from './problems';

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

/** What an amended order is checked against besides its lines: its owner, ship-to's PO rule, PO number and range. */
export type AmendedOrderRules = Omit<PlaceCandidate, 'lines' | 'unsellable'>;

/**
 * The lines an amendment asks for, priced from `products` (today's prices for the order's sold-to) and
 * checked by canPlace as at checkout (can-place.ts). Each product may appear once; the first bad line is
 * the answer.
 */
export function priceAmendedLines(wanted: WantedLine[], products: ReadonlyMap<string, CartProduct>, rules: AmendedOrderRules): Result<{ lines: PricedLine[]; totals: Totals }, OrderChangeProblem> {
  const seen = new Set<string>();
  const entries: EntryRow[] = [];
  for (const [index, { productCode, quantity }] of wanted.entries()) {
    if (seen.has(productCode)) return fail({ kind: 'repeatedProduct', index, productCode });
    seen.add(productCode);
    const product = products.get(productCode);
    if (!product) return fail({ kind: 'badLine', index, problem: { kind: 'productUnknown', productCode } });
    entries.push({ ...product, entryNumber: index, quantity });
  }
  const placeable = canPlace({ ...rules, lines: entries, unsellable: 'refuse' });
  if (!placeable.ok) {
    const problem = placeable.problem;
    switch (problem.kind) {
      case 'linesNotOrderable': {
        const [first] = problem.lines;
        if (!first) throw new Error('linesNotOrderable without a line');
        return fail({ kind: 'badLine', index: first.index, problem: first.problem });
      }
      case 'emptyCart':
      case 'nothingSellable':
        // The request's schema asks for at least one line, every one of them sold.
        throw new Error(`an amendment with lines was refused as ${problem.kind}`);
      default:
        return fail(problem);
    }
  }
  const lines = placeable.value.lines.map((entry) => ({
    lineNumber: entry.entryNumber,
    productCode: entry.productCode,
    name: entry.name,
    packSize: entry.packSize,
    unitPricePence: entry.unitPricePence,
    vatRateBp: entry.vatRateBp,
    quantity: entry.quantity,
    ...lineAmounts(entry.unitPricePence, entry.quantity, entry.vatRateBp),
  }));
  return ok({ lines, totals: placeable.value.totals });
}
