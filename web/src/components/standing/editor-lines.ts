import type { StandingLine } from '@/lib/commerce/standing-order-schemas';

/** A line as the line editor shows it (a standing order's own lines, or one delivery's). */
export interface EditorLine {
  code: string;
  name: string;
  brand?: string;
  packSize: string;
  minimum: number;
  quantity: number;
  unitPrice: string;
}

export const editorLines = (lines: readonly StandingLine[]): EditorLine[] =>
  lines.map((line) => ({
    code: line.product.code,
    name: line.product.name,
    brand: line.product.brand,
    packSize: line.product.packSize,
    minimum: line.product.minOrderQuantity ?? 1,
    quantity: line.quantity,
    unitPrice: line.basePrice.formattedValue,
  }));
