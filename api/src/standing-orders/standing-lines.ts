import { inArray } from 'drizzle-orm';
import type { ShipToScope } from '../accounts/ship-tos';
import { lineProblem, MAX_LINES } from '../carts/sellable';
import type { DbOrTx } from '../db/client';
import { products, type DeliveryLine } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import type { StandingOrderProblem } from './problems';

export interface EntryInput {
  product: { code: string };
  quantity: number;
}

/**
 * Lines a customer gives for a standing order or one delivery, checked by the same rule as a cart line
 * (known, this range, still sold, minimum and maximum): the first refused line is the answer.
 */
export async function checkedLines(db: DbOrTx, entries: EntryInput[], scope: ShipToScope): Promise<Result<DeliveryLine[], StandingOrderProblem>> {
  if (entries.length === 0) return fail({ kind: 'emptyEntries' });
  if (entries.length > MAX_LINES) return fail({ kind: 'tooManyLines', maximum: MAX_LINES });
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
  const lines: DeliveryLine[] = [];
  for (const [index, entry] of entries.entries()) {
    const code = entry.product.code;
    if (seen.has(code)) return fail({ kind: 'repeatedLine', index, productCode: code });
    seen.add(code);
    const problem = lineProblem(code, byCode.get(code), scope.range, entry.quantity);
    if (problem) return fail({ kind: 'lineRefused', index, problem });
    lines.push({ productCode: code, quantity: entry.quantity });
  }
  return ok(lines);
}
