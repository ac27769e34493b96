import type { Product, StockStatus } from './types';

const STOCK: Record<StockStatus, string> = { inStock: 'In stock', lowStock: 'Low stock', outOfStock: 'Out of stock' };

export const stockText = (status: StockStatus | string): string => STOCK[status as StockStatus] ?? status;

/** Prices are net per case (docs/decisions-left-open.md); VAT is noted beside them. */
export function vatNote(product: Pick<Product, 'vatRateBp'>): string {
  return product.vatRateBp === 0 ? 'zero-rated for VAT' : `excl. VAT at ${product.vatRateBp / 100}%`;
}

export const perUnit = (product: Pick<Product, 'salesUnit'>): string => `per ${product.salesUnit ?? 'case'}`;

export const productHref = (code: string): string => `/product/${encodeURIComponent(code)}/`;

/** Images are served through the storefront (same origin), so the page needs no other image origin. */
export const productImageSrc = (code: string): string => `/product/${encodeURIComponent(code)}/image/`;
