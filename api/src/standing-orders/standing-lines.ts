import { inArray } from 'drizzle-orm';
import type { ShipToScope } from '../accounts/ship-tos';
import { cartProblemToApiError } from '../errors/catalogue/carts';
import { lineProblem, MAX_LINES } from '../carts/sellable';
import type { DbOrTx } from '../db/client';
import { products, type DeliveryLine } from '../db/schema';
import { badRequest } from '../http/errors';
import { emptyEntries, lineRefused } from './problems';

export interface EntryInput {
  product: { code: string };
  quantity: number;
}

/**
 * Lines a customer gives for a standing order or one delivery, checked by the same rule as a cart line
 * (known, this range, still sold, minimum and maximum): the first refused line is a 400 naming it.
 */
export async function checkedLines(db: DbOrTx, entries: EntryInput[], scope: ShipToScope): Promise<DeliveryLine[]> {
  if (entries.length === 0) throw emptyEntries();
  if (entries.length > MAX_LINES) throw badRequest('entries', `At most ${MAX_LINES} lines`);
  const codes = entries.map((entry) => entry.product.code);
  const rows = await db
    .select({
      code: products.code,
      name: products.name,
      packSize: products.packSize,
      range: products.range,
      discontinued: products.discontinued,
      minOrderQuantity: products.minOrderQuantity,
    })
    .from(products)
    .where(inArray(products.code, codes));
  const byCode = new Map(rows.map((row) => [row.code, row]));
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const code = entry.product.code;
    if (seen.has(code)) throw lineRefused(index, `Product '${code}' is listed more than once`);
    seen.add(code);
    const problem = lineProblem(code, byCode.get(code), scope.range, entry.quantity);
    if (problem) throw lineRefused(index, cartProblemToApiError(problem).message);
    return { productCode: code, quantity: entry.quantity };
  });
}
