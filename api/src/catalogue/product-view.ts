import { products } from '../db/schema';
import { money, type Money } from '../pricing/money';
import type { Adjustment, PriceHint } from '../pricing/price-adjuster';
import { offerView } from '../pricing/price-rules/offers';
import { foodMarkColumns, foodMarks, type FoodMarkRow, type FoodMarks } from '../food-info/food-marks';
import type { StockNotice } from '../stock/stock-notice';

/** The columns a product listing needs, plus the caller's price when there is a sold-to. */
export const productColumns = {
  code: products.code,
  name: products.name,
  brand: products.brand,
  range: products.range,
  categoryId: products.categoryId,
  packSize: products.packSize,
  packType: products.packType,
  salesUnit: products.salesUnit,
  vatRateBp: products.vatRateBp,
  storage: products.storage,
  storageText: products.storageText,
  shelfLifeDays: products.shelfLifeDays,
  minOrderQuantity: products.minOrderQuantity,
  stockStatus: products.stockStatus,
  featured: products.featured,
  collections: products.collections,
  discontinued: products.discontinued,
  ...foodMarkColumns,
};

export interface ProductRow extends FoodMarkRow {
  code: string;
  name: string;
  brand: string;
  range: string;
  categoryId: string;
  packSize: string;
  packType: string;
  salesUnit: string;
  vatRateBp: number;
  storage: string;
  storageText: string;
  shelfLifeDays: number;
  minOrderQuantity: number;
  stockStatus: string;
  featured: boolean;
  collections: string[];
  discontinued: boolean;
  /** Null when the caller sees no prices. */
  pricePence: number | null;
  /** The list price, where the row was read with prices: pricing needs it beside the sold-to's own. */
  listPricePence?: number | null;
  /** How the price the customer pays today came about, where the row was priced (listing-prices.ts). */
  pricing?: { adjustments: readonly Adjustment[]; priceHints: readonly PriceHint[] };
  /** What the live stock says for the customer's delivery date, where it says something (listing-stock.ts). */
  stockNotice?: StockNotice;
  description?: string;
}

export interface ProductView {
  code: string;
  name: string;
  brand: string;
  salesOrg: string;
  packSize: string;
  packType: string;
  salesUnit: string;
  storage: string;
  storageText: string;
  shelfLifeDays: number;
  minOrderQuantity: number;
  stock: { stockLevelStatus: string };
  purchasable: boolean;
  featured: boolean;
  collections: string[];
  categories: { code: string; name: string }[];
  images: { url: string; format: string; imageType: string; altText: string }[];
  vatRateBp: number;
  vatText: string;
  /** What the customer pays today for the smallest order: the regular price or the offer's. */
  price?: Money & { priceType: 'BUY' };
  /** The offer in `price`, the regular price before it, and the next volume break (docs/pricing.md "Offers in listings"). */
  offer?: { kind: string; name: string; endsOn?: string };
  wasPrice?: Money;
  nextBreak?: { minQuantity: number; price: Money };
  description?: string;
  /** Few or no cases left for the customer's delivery date (docs/stock.md); absent when stock says nothing. */
  stockNotice?: StockNotice;
  foodMarks: FoodMarks;
}

export const productImageUrl = (code: string) => `/images/products/${encodeURIComponent(code)}.svg`;

export const vatText = (rateBp: number) => (rateBp === 0 ? 'Zero-rated for VAT' : `VAT at ${rateBp / 100}%`);

/** A priced row's offer and next break, as cards and product detail show them: none for a row not priced. */
function listingOffer(row: ProductRow): Pick<ProductView, 'offer' | 'wasPrice' | 'nextBreak'> {
  if (!row.pricing || row.pricePence === null) return {};
  const view = offerView({ unitPricePence: row.pricePence, quantity: Math.max(1, row.minOrderQuantity), ...row.pricing });
  return { offer: view.offer, wasPrice: view.wasPrice, nextBreak: view.nextBreak && { minQuantity: view.nextBreak.minQuantity, price: view.nextBreak.price } };
}

/** A product as the OCC answers show it; the price only when the caller is entitled to one. */
export function productView(row: ProductRow, categoryName: (id: string) => string): ProductView {
  return {
    code: row.code,
    name: row.name,
    brand: row.brand,
    salesOrg: row.range,
    packSize: row.packSize,
    packType: row.packType,
    salesUnit: row.salesUnit,
    storage: row.storage,
    storageText: row.storageText,
    shelfLifeDays: row.shelfLifeDays,
    minOrderQuantity: row.minOrderQuantity,
    stock: { stockLevelStatus: row.stockStatus },
    purchasable: !row.discontinued,
    featured: row.featured,
    collections: row.collections,
    categories: [{ code: row.categoryId, name: categoryName(row.categoryId) }],
    images: [{ url: productImageUrl(row.code), format: 'product', imageType: 'PRIMARY', altText: row.name }],
    vatRateBp: row.vatRateBp,
    vatText: vatText(row.vatRateBp),
    ...(row.pricePence === null ? {} : { price: { ...money(Number(row.pricePence)), priceType: 'BUY' as const }, ...listingOffer(row) }),
    ...(row.description === undefined ? {} : { description: row.description }),
    ...(row.stockNotice === undefined ? {} : { stockNotice: row.stockNotice }),
    foodMarks: foodMarks(row.foodMarkBits),
  };
}
