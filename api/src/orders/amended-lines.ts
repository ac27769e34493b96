import type { EntryRow } from '../carts/cart-queries';
import type { CartProduct } from '../carts/entries';
import { productsByCode } from '../carts/products-by-code';
import type { DbOrTx } from '../db/client';
import { fail, ok, type Result } from '../errors/result';
import type { Totals } from '../pricing/money';
import type { Adjustment, PriceContext } from '../pricing/price-adjuster';
import { priceRows } from '../pricing/price-lines';
import { canPlace, type PlaceCandidate } from './can-place';
import { orderLineSnapshot, type OrderLineSnapshot } from './order-line-snapshot';
import type { OrderChangeProblem } from './problems';

export interface WantedLine {
  productCode: string;
  quantity: number;
}

/** A product with the pipeline's price for the quantity an amendment wants; unpriced, it keeps the price it was read at. */
export type AmendedProduct = CartProduct & { adjustments?: readonly Adjustment[] };

/** What an amended order is checked against besides its lines: its owner, ship-to's PO rule, PO number and range. */
export type AmendedOrderRules = Omit<PlaceCandidate, 'lines' | 'unsellable'>;

/**
 * The products an amendment names, priced by the pricing pipeline for the order's context and the quantity
 * first asked for each (a product asked for twice is refused anyway); unknown codes are absent.
 */
export async function amendedProducts(db: DbOrTx, context: PriceContext, wanted: WantedLine[]): Promise<Map<string, AmendedProduct>> {
  const products = await productsByCode(db, [...new Set(wanted.map((line) => line.productCode))], context.soldTo);
  const rows = new Map<string, CartProduct & { quantity: number }>();
  for (const { productCode, quantity } of wanted) {
    const product = products.get(productCode);
    if (product && !rows.has(productCode)) rows.set(productCode, { ...product, quantity });
  }
  const priced = await priceRows(db, context, [...rows.values()]);
  return new Map(priced.map(({ quantity: _quantity, ...product }) => [product.productCode, product]));
}

/**
 * The lines an amendment asks for, priced from `products` (the order's sold-to's prices for its delivery date, amendedProducts)
 * and checked by canPlace as at checkout (can-place.ts). Each product may appear once; the first bad line is
 * the answer.
 */
export function priceAmendedLines(wanted: WantedLine[], products: ReadonlyMap<string, AmendedProduct>, rules: AmendedOrderRules): Result<{ lines: OrderLineSnapshot[]; totals: Totals }, OrderChangeProblem> {
  const seen = new Set<string>();
  const entries: (EntryRow & Pick<AmendedProduct, 'adjustments'>)[] = [];
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
  const lines = placeable.value.lines.map((entry) => orderLineSnapshot(entry, entry.entryNumber));
  return ok({ lines, totals: placeable.value.totals });
}
