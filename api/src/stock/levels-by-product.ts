import type { StockLevel } from './stock-notice';

/** Rows of (product, date, available), any of them empty (an outer join's), grouped by product. */
export function stockLevelsByProduct(rows: readonly { productCode: string | null; deliveryDate: string | null; available: number | null }[]): Map<string, StockLevel[]> {
  const byProduct = new Map<string, StockLevel[]>();
  for (const row of rows) {
    if (row.productCode === null || row.deliveryDate === null || row.available === null) continue;
    const levels = byProduct.get(row.productCode) ?? [];
    levels.push({ deliveryDate: row.deliveryDate, available: row.available });
    byProduct.set(row.productCode, levels);
  }
  return byProduct;
}
