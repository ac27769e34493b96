/** Shapes of the commerce API's answers (design §2, an OCC v2 subset). Money is integer pence. */

export type Range = 'CHIL' | 'DAIR';

export interface Money {
  currencyIso: 'GBP';
  valuePence: number;
  formattedValue: string;
}

export type StockStatus = 'inStock' | 'lowStock' | 'outOfStock';

export interface ProductImage {
  url: string;
  altText?: string;
}

export interface Product {
  code: string;
  name: string;
  brand: string;
  packSize: string;
  packType?: string;
  salesUnit: string;
  description?: string;
  images?: ProductImage[];
  stock: { stockLevelStatus: StockStatus };
  purchasable?: boolean;
  minOrderQuantity: number;
  storage: string;
  storageText: string;
  shelfLifeDays: number;
  /** Net price per sales unit for the account's sold-to; absent for anonymous callers. */
  price?: Money;
  vatRateBp: number;
  vatText?: string;
}

/** The product as a cart line carries it. */
export type CartProduct = Pick<
  Product,
  'code' | 'name' | 'brand' | 'packSize' | 'salesUnit' | 'storageText' | 'shelfLifeDays' | 'minOrderQuantity' | 'stock' | 'images' | 'vatRateBp'
>;

export interface FacetValue {
  code: string;
  name: string;
  count: number;
  selected: boolean;
}

export interface Facet {
  code: string;
  name: string;
  values: FacetValue[];
}

export interface SortOption {
  code: string;
  name: string;
  selected: boolean;
}

export interface Pagination {
  currentPage: number;
  pageSize: number;
  totalPages: number;
  totalResults: number;
  sort?: string;
}

export interface SearchResult {
  freeTextSearch: string;
  facets: Facet[];
  sorts: SortOption[];
  pagination: Pagination;
  products: Product[];
}

export interface CategoryNode {
  id: string;
  name: string;
  subcategories: CategoryNode[];
}

export interface CartEntry {
  entryNumber: number;
  quantity: number;
  product: CartProduct;
  /** Net price of one unit. */
  basePrice: Money;
  /** Net line total. */
  totalPrice: Money;
  totalTax: Money;
}

export interface Cart {
  code: string;
  version: number;
  status?: 'current' | 'saved' | 'ordered';
  name: string | null;
  description: string | null;
  saveTime: string | null;
  purchaseOrderRequired?: boolean;
  purchaseOrderNumber?: string | null;
  deliveryInstructions?: string | null;
  requestedDeliveryDate?: string | null;
  entries: CartEntry[];
  totalUnitCount: number;
  /** Number of lines. */
  totalItems: number;
  /** Net. */
  totalPrice: Money;
  totalTax: Money;
  totalPriceWithTax: Money;
}

export interface CartModification {
  quantityAdded: number;
  quantity: number;
  entry: CartEntry | null;
  cart: Cart;
}

export interface DeliveryDate {
  /** ISO date, Europe/London. */
  date: string;
  /** ISO instant by which an order must be placed for this date. */
  cutoff: string;
}

export interface OrderLine {
  entryNumber: number;
  product: { code: string; name: string; packSize: string };
  quantity: number;
  /** Null until the warehouse reports what went out; below quantity for a shortage. */
  deliveredQuantity?: number | null;
  basePrice: Money;
  totalPrice: Money;
}

export interface Order {
  code: string;
  status: string;
  placed: string;
  deliveryDate: string;
  /** When changes close (ISO instant with London's offset): the cut-off of its delivery date. */
  cutoff: string;
  /** Placed or confirmed and before the cut-off: the customer may still amend or cancel it. */
  amendable: boolean;
  purchaseOrderNumber?: string | null;
  deliveryInstructions?: string | null;
  entries: OrderLine[];
  totalUnitCount: number;
  totalPrice: Money;
  totalTax: Money;
  totalPriceWithTax: Money;
  /** The warehouse's status reports, oldest first, with the notes for the customer. */
  statusChanges?: OrderStatusChange[];
  /** The address is in the order detail only (for the page and its print). */
  shipTo?: { code: string; name: string; address?: { line1: string; town: string; postalCode: string }; purchaseOrderRequired?: boolean };
  soldTo?: string;
  soldToName?: string;
}

export interface OrderStatusChange {
  status: string;
  note: string | null;
  changedAt: string;
}

/** An order in the history: with its lines (design §4), without the delivery instructions. */
export type OrderSummary = Omit<Order, 'deliveryInstructions'>;

export interface OrderHistory {
  orders: OrderSummary[];
  pagination: Pagination;
}

export interface ReorderResult {
  added: { productCode: string; quantity: number }[];
  /** Lines the cart refused, with the API's sentence saying why. */
  notAdded: { productCode: string; name: string; quantity: number; reason: string; message: string }[];
  cart: Cart;
}
