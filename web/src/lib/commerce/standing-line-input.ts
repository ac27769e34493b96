import { z } from 'zod';
import { readQuantity } from './quantity';
import { productCodeSchema, quantityRuleInput } from './quantity-input';

/** One line as the standing-order forms send it: the quantity as typed, the name and minimum only to word a message. */
export interface LineInput {
  productCode: string;
  productName: string;
  minimum: number;
  quantity: string;
}

export interface StandingEntry {
  product: { code: string };
  quantity: number;
}

export type LinesReading = { ok: true; entries: StandingEntry[] } | { ok: false; message: string; /** The product code the message is about. */ line?: string };

const lineSchema = quantityRuleInput.extend({ productCode: productCodeSchema, quantity: z.unknown() });

/**
 * The lines of a standing order or of one delivery, each quantity read as the cart reads it; the first one that
 * is not a quantity the product takes is refused, named by its product. In the browser and again on the server.
 */
export function readLines(lines: readonly unknown[], emptyMessage: string): LinesReading {
  if (lines.length === 0) return { ok: false, message: emptyMessage };
  const entries: StandingEntry[] = [];
  for (const line of lines) {
    const about = lineSchema.safeParse(line);
    if (!about.success) return { ok: false, message: 'Reload the page and try again' };
    const quantity = readQuantity(about.data.quantity, { productName: about.data.productName, minimum: about.data.minimum, zeroRemoves: false });
    if (!quantity.ok) return { ok: false, message: quantity.message, line: about.data.productCode };
    entries.push({ product: { code: about.data.productCode }, quantity: quantity.quantity });
  }
  return { ok: true, entries };
}

/** The API names a refused line by its place in what was sent ("entries.2.product.code"): the product code of that line. */
export function refusedLine(subject: string | undefined, entries: readonly StandingEntry[]): string | undefined {
  const index = /^entries\.(\d+)/.exec(subject ?? '')?.[1];
  return index === undefined ? undefined : entries[Number(index)]?.product.code;
}
