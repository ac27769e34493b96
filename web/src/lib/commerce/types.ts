import { z } from 'zod';
import { foodInfoSchema, foodMarksSchema } from '@/lib/food/food-schemas';
import { orderApprovalSchema } from './approvals';

/**
 * The commerce API's answers (an OCC v2 subset), as schemas every answer is checked against on arrival
 * (api/client.ts), and the types the pages use, derived from them. Money is integer pence.
 */
export const rangeSchema = z.enum(['CHIL', 'DAIR']);
export type Range = z.infer<typeof rangeSchema>;

export const moneySchema = z.object({
  currencyIso: z.literal('GBP'),
  valuePence: z.number().int(),
  formattedValue: z.string(),
});
export type Money = z.infer<typeof moneySchema>;

export const stockStatuses = ['inStock', 'lowStock', 'outOfStock'] as const;
export type StockStatus = (typeof stockStatuses)[number];

/** What the live stock says for the customer's delivery date (docs/stock.md): few or no cases left. */
export const stockNoticeSchema = z.object({ deliveryDate: z.string(), available: z.number().int(), backOn: z.string().nullable() });
export type StockNotice = z.infer<typeof stockNoticeSchema>;

export const productSchema = z.object({
  code: z.string(),
  name: z.string(),
  brand: z.string(),
  packSize: z.string(),
  packType: z.string().optional(),
  salesUnit: z.string(),
  description: z.string().optional(),
  images: z.array(z.object({ url: z.string(), altText: z.string().optional() })).optional(),
  stock: z.object({ stockLevelStatus: z.enum(stockStatuses) }),
  purchasable: z.boolean().optional(),
  minOrderQuantity: z.number().int(),
  storage: z.string(),
  storageText: z.string(),
  shelfLifeDays: z.number().int(),
  /** Net price per sales unit the account's sold-to pays today (an offer's where it has one); absent for anonymous callers. */
  price: moneySchema.optional(),
  /** The offer in `price`, the regular price before it, and the next volume break (docs/pricing.md "Offers in listings"). */
  offer: z.object({ kind: z.string(), name: z.string(), endsOn: z.string().optional() }).optional(),
  wasPrice: moneySchema.optional(),
  nextBreak: z.object({ minQuantity: z.number().int(), price: moneySchema }).optional(),
  vatRateBp: z.number().int(),
  vatText: z.string().optional(),
  /** The allergen and dietary marks every product carries (docs/food-information.md). */
  foodMarks: foodMarksSchema,
  /** Product detail only, and only when the supplier sent ingredients. */
  foodInfo: foodInfoSchema.optional(),
  stockNotice: stockNoticeSchema.optional(),
});
export type Product = z.infer<typeof productSchema>;

/** The product as a cart line carries it. */
export const cartProductSchema = productSchema.pick({
  code: true,
  name: true,
  brand: true,
  packSize: true,
  salesUnit: true,
  storageText: true,
  shelfLifeDays: true,
  minOrderQuantity: true,
  stock: true,
  images: true,
  vatRateBp: true,
  foodMarks: true,
});

const facetValueSchema = z.object({ code: z.string(), name: z.string(), count: z.number().int(), selected: z.boolean() });

const facetSchema = z.object({ code: z.string(), name: z.string(), values: z.array(facetValueSchema) });
export type Facet = z.infer<typeof facetSchema>;

const sortOptionSchema = z.object({ code: z.string(), name: z.string(), selected: z.boolean() });
export type SortOption = z.infer<typeof sortOptionSchema>;

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalResults: z.number().int(),
  sort: z.string().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const searchResultSchema = z.object({
  freeTextSearch: z.string(),
  facets: z.array(facetSchema),
  sorts: z.array(sortOptionSchema),
  pagination: paginationSchema,
  products: z.array(productSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export interface CategoryNode {
  id: string;
  name: string;
  subcategories: CategoryNode[];
}

const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({ id: z.string(), name: z.string(), subcategories: z.array(categoryNodeSchema) }),
);

/** A range's category tree, below its top category. */
export const categoryTreeSchema = z.object({ subcategories: z.array(categoryNodeSchema).default([]) });

/**
 * What a priced line says of its offer (docs/pricing.md "Savings"): the one offer it has, the price before it and
 * the line's saving; the next volume break; offers live today that end before its delivery date.
 */
export const lineOfferSchema = z.object({
  offer: z.object({ kind: z.string(), name: z.string(), endsOn: z.string().optional() }).optional(),
  wasPrice: moneySchema.optional(),
  saving: moneySchema.optional(),
  nextBreak: z.object({ minQuantity: z.number().int(), price: moneySchema, moreNeeded: z.number().int() }).optional(),
  offersEndingBeforeDelivery: z.array(z.object({ name: z.string(), endsOn: z.string() })).optional(),
});
export type LineOffer = z.infer<typeof lineOfferSchema>;

const cartEntrySchema = lineOfferSchema.extend({
  entryNumber: z.number().int(),
  quantity: z.number().int(),
  product: cartProductSchema,
  /** Net price of one unit. */
  basePrice: moneySchema,
  /** Net line total. */
  totalPrice: moneySchema,
  totalTax: moneySchema,
  /** Few or no cases left for the cart's delivery date, or fewer than the line wants (docs/stock.md). */
  stockNotice: stockNoticeSchema.optional(),
  /** "Allow a substitute": the line's own choice, else its ship-to's default (docs/substitutions.md). */
  allowSubstitute: z.boolean().optional(),
});

const minimumOrderSchema = z.object({
  belowMinimum: z.enum(['charge', 'refuse']),
  minimumOrder: moneySchema,
  addMore: moneySchema,
  message: z.string(),
});
export type MinimumOrder = z.infer<typeof minimumOrderSchema>;

export const cartSchema = z.object({
  code: z.string(),
  version: z.number().int(),
  status: z.enum(['current', 'saved', 'ordered']).optional(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  saveTime: z.string().nullable(),
  purchaseOrderRequired: z.boolean().optional(),
  purchaseOrderNumber: z.string().nullish(),
  deliveryInstructions: z.string().nullish(),
  requestedDeliveryDate: z.string().nullish(),
  /** The delivery date the prices are for: the requested one, or today until there is one. */
  pricedFor: z.string().optional(),
  entries: z.array(cartEntrySchema),
  totalUnitCount: z.number().int(),
  /** Number of lines. */
  totalItems: z.number().int(),
  /** The goods' net, before a delivery charge. */
  subTotal: moneySchema.optional(),
  /** The delivery charge below the ship-to's minimum order, net (docs/minimum-order.md); zero above it. */
  deliveryCost: moneySchema.optional(),
  /** Where the cart is short of the ship-to's minimum order: the API's words for it, the figures in them. */
  minimumOrder: minimumOrderSchema.nullish(),
  /** Net, the delivery charge included. */
  totalPrice: moneySchema,
  totalTax: moneySchema,
  totalPriceWithTax: moneySchema,
  /** What the lines' offers save, net. */
  totalSaving: moneySchema.optional(),
});
export type Cart = z.infer<typeof cartSchema>;

export const savedCartsSchema = z.object({ carts: z.array(cartSchema) });

export const cartModificationSchema = z.object({
  /** `lowStock` when the line wants more than is left for the cart's delivery date (docs/stock.md). */
  statusCode: z.string().optional(),
  quantityAdded: z.number().int(),
  quantity: z.number().int(),
  entry: cartEntrySchema.nullable(),
  cart: cartSchema,
});
export type CartModification = z.infer<typeof cartModificationSchema>;

const deliveryDateSchema = z.object({
  /** ISO date, Europe/London. */
  date: z.string(),
  /** ISO instant by which an order must be placed for this date. */
  cutoff: z.string(),
});
export type DeliveryDate = z.infer<typeof deliveryDateSchema>;

export const deliveryDatesSchema = z.object({ deliveryDates: z.array(deliveryDateSchema) });

/** A product sent instead of an order line's (docs/substitutions.md): the order's totals count it. */
const substitutionSchema = z.object({
  text: z.string(),
  product: z.object({ code: z.string(), name: z.string(), packSize: z.string() }),
  quantity: z.number().int(),
  basePrice: moneySchema,
  totalPrice: moneySchema,
});
export type LineSubstitution = z.infer<typeof substitutionSchema>;

/** An order's line with the offer it was priced with (the API answers no next break or ending offers for an order). */
const orderLineSchema = lineOfferSchema.extend({
  entryNumber: z.number().int(),
  product: z.object({ code: z.string(), name: z.string(), packSize: z.string(), foodMarks: foodMarksSchema }),
  quantity: z.number().int(),
  /** Null until the warehouse reports what went out; below quantity for a shortage. */
  deliveredQuantity: z.number().int().nullish(),
  basePrice: moneySchema,
  totalPrice: moneySchema,
  /** Whether the warehouse may send a substitute (docs/substitutions.md). */
  allowSubstitute: z.boolean().optional(),
  /** What the warehouse sent instead, with the sentence to show; null or absent when sent as ordered. */
  substitution: substitutionSchema.nullish(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

const orderStatusChangeSchema = z.object({ status: z.string(), note: z.string().nullable(), changedAt: z.string() });
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

export const orderSchema = z.object({
  code: z.string(),
  status: z.string(),
  placed: z.string(),
  deliveryDate: z.string(),
  /** When changes close (ISO instant with London's offset): the cut-off of its delivery date. */
  cutoff: z.string(),
  /** Placed or confirmed and before the cut-off: the customer may still amend or cancel it. */
  amendable: z.boolean(),
  purchaseOrderNumber: z.string().nullish(),
  deliveryInstructions: z.string().nullish(),
  entries: z.array(orderLineSchema),
  totalUnitCount: z.number().int(),
  /** The delivery charge of an order placed below its minimum, net; zero or absent without one. */
  deliveryCost: moneySchema.optional(),
  totalPrice: moneySchema,
  totalTax: moneySchema,
  totalPriceWithTax: moneySchema,
  /** What the lines' offers saved, zero for an order without any (docs/pricing.md "Savings"). */
  totalSaving: moneySchema.optional(),
  /** The warehouse's status reports, oldest first, with the notes for the customer. */
  statusChanges: z.array(orderStatusChangeSchema).optional(),
  /** The address is in the order detail only (for the page and its print). */
  shipTo: z
    .object({
      code: z.string(),
      name: z.string(),
      address: z.object({ line1: z.string(), town: z.string(), postalCode: z.string() }).optional(),
      purchaseOrderRequired: z.boolean().optional(),
    })
    .optional(),
  soldTo: z.string().optional(),
  soldToName: z.string().optional(),
  salesOrg: z.string().optional(),
  /** The order page only: who of the ship-to's users placed it, and whether it was this user (who alone may change it). */
  placedBy: z.object({ name: z.string() }).optional(),
  placedByYou: z.boolean().optional(),
  /** The operator who placed it acting for the customer (docs/assisted-service.md); null when the customer did. */
  placedByOperator: z.object({ name: z.string() }).nullish(),
  /** An order that was held for approval: the limits it passes, the decisions and the deadline (docs/approvals.md). */
  approval: orderApprovalSchema.nullish(),
  /** An order waiting for credit, or rejected or expired waiting for it: why, and what the credit team decided (docs/credit-control.md). */
  creditHold: z.object({ message: z.string(), decision: z.string().nullish(), comment: z.string().nullish(), deadline: z.string() }).nullish(),
});
export type Order = z.infer<typeof orderSchema>;

/** An order in the history: with its lines, without the delivery instructions. */
const orderSummarySchema = orderSchema.omit({ deliveryInstructions: true });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderHistorySchema = z.object({ orders: z.array(orderSummarySchema), pagination: paginationSchema });
export type OrderHistory = z.infer<typeof orderHistorySchema>;

/** An order of head office's view: who ordered it, and (in the summary) for which site. */
const companyOrderSchema = orderSummarySchema.extend({ placedBy: z.object({ name: z.string(), email: z.string() }) });

/**
 * Head office's view of its sites' orders (`scope=company`): one page, what the filters match in all (count in
 * the pagination, net total), the period a budget filter stands for, and the sites and buyers to filter by.
 */
export const companyOrderHistorySchema = z.object({
  orders: z.array(companyOrderSchema),
  pagination: paginationSchema,
  totalNet: moneySchema,
  period: z.object({ range: z.enum(['WEEK', 'MONTH']), from: z.string(), to: z.string() }).nullable(),
  sites: z.array(z.object({ code: z.string(), name: z.string() })),
  buyers: z.array(z.object({ uid: z.string(), name: z.string() })),
});
export type CompanyOrderHistory = z.infer<typeof companyOrderHistorySchema>;

export const reorderResultSchema = z.object({
  added: z.array(z.object({ productCode: z.string(), quantity: z.number().int() })),
  /** Lines the cart refused, with the API's sentence saying why. */
  notAdded: z.array(z.object({ productCode: z.string(), name: z.string(), quantity: z.number().int(), reason: z.string(), message: z.string() })),
  cart: cartSchema,
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;

export const suggestionsSchema = z.object({ suggestions: z.array(z.object({ value: z.string() })) });
