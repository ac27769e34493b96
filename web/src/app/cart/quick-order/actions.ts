'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { addLinesToCart } from '@/lib/commerce/bulk-add';
import { errorText } from '@/lib/commerce/error-text';
import { MAX_ORDER_LINES } from '@/lib/commerce/order-lines-text';
import { getProduct } from '@/lib/commerce/products';
import { shopScope } from '@/lib/commerce/scope';
import type { BulkProblem } from '@/lib/commerce/weekly-schemas';
import type { FoodMarks } from '@/lib/food/food-schemas';
import { LIMITS } from '@/lib/limits';

export type BulkAddAnswer = { ok: true; addedLines: number; addedUnits: number; problems: BulkProblem[] } | { ok: false; message: string };

const linesSchema = z
  .array(z.object({ code: z.string().trim().min(1, 'Enter a product code').max(200), quantity: z.union([z.string().max(20), z.number()]) }))
  .min(1, 'Enter at least one product code')
  .max(MAX_ORDER_LINES, `A quick order takes at most ${MAX_ORDER_LINES} lines; split it into parts`);

/**
 * Adds lines to the active cart in one request (quick order, usual items). Problems come back by position
 * in `lines` (from 1), so the page can keep each refused line where the customer sees it.
 */
export async function addLinesAction(lines: unknown): Promise<BulkAddAnswer> {
  const input = linesSchema.safeParse(lines);
  if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? 'Check the lines' };
  const result = await addLinesToCart(await shopScope(), input.data);
  if (!result.ok) return { ok: false, message: errorText(result.error) };
  refresh();
  const { added, problems } = result.data;
  return { ok: true, addedLines: added.length, addedUnits: added.reduce((sum, entry) => sum + entry.quantity, 0), problems };
}

export interface ProductFacts {
  code: string;
  name: string;
  brand: string;
  packSize: string;
  price: string | null;
  minOrderQuantity: number;
  purchasable: boolean;
  foodMarks: FoodMarks;
}

export type LookupAnswer = Record<string, ProductFacts | null>;

const codesSchema = z.array(z.string().trim().min(1).max(LIMITS.productCode)).max(MAX_ORDER_LINES);

/** How many product reads run at once for one lookup, so a 500-line paste does not flood the API. */
const LOOKUP_CONCURRENCY = 8;

/** The products behind typed or pasted codes, priced for the account; null for a code the range does not have. */
export async function lookupProductsAction(codes: unknown): Promise<LookupAnswer> {
  const input = codesSchema.safeParse(codes);
  if (!input.success) return {};
  const scope = await shopScope();
  const unique = [...new Set(input.data)];
  const answer: LookupAnswer = {};
  const worker = async () => {
    for (let code = unique.shift(); code !== undefined; code = unique.shift()) {
      const result = await getProduct(scope, code);
      answer[code] = result.ok
        ? {
            code: result.data.code,
            name: result.data.name,
            brand: result.data.brand,
            packSize: result.data.packSize,
            price: result.data.price?.formattedValue ?? null,
            minOrderQuantity: result.data.minOrderQuantity,
            purchasable: result.data.purchasable !== false,
            foodMarks: result.data.foodMarks,
          }
        : null;
    }
  };
  await Promise.all(Array.from({ length: LOOKUP_CONCURRENCY }, worker));
  return answer;
}
