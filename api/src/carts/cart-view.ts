import type { ShipToScope } from '../accounts/ship-tos';
import { money } from '../pricing/money';
import { priceContext, pricingToday } from '../pricing/price-adjuster';
import { minimumOrderShortfall, shortfallMessage } from '../pricing/delivery-charge/delivery-charge';
import { foodMarks } from '../food-info/food-marks';
import { priceCharges, rowAmounts, rowTotals } from '../pricing/price-lines';
import { offerView, totalSaving } from '../pricing/price-rules/offers';
import type { PricedEntry } from './cart-prices';
import { allowSubstitute, type CartRow } from './cart-queries';
import { levelsFromPairs } from '../stock/product-levels';
import { stockDate } from '../stock/stock-date';
import { lineStockNotice, type StockNotice } from '../stock/stock-notice';
import type { IsoDate } from '../time/calendar-date';

/** Where the catalogue serves a product's generated image. */
export const productImageUrl = (code: string): string => `/images/products/${code}.svg`;

/** A line's stock notice for the date the cart buys for, where its product has stock rows (docs/stock.md). */
function entryStockNotice(entry: PricedEntry, stockFor: IsoDate | undefined): { stockNotice?: StockNotice } {
  if (stockFor === undefined || entry.stockLevels === null) return {};
  const notice = lineStockNotice(levelsFromPairs(entry.stockLevels), stockFor, entry.quantity);
  return notice ? { stockNotice: notice } : {};
}

export function entryView(entry: PricedEntry, stockFor?: IsoDate, substitute?: boolean) {
  const amounts = rowAmounts(entry);
  const offer = offerView(entry);
  return {
    entryNumber: entry.entryNumber,
    quantity: entry.quantity,
    // A cart's lines say whether the warehouse may substitute them (docs/substitutions.md); a standing order's do not.
    ...(substitute === undefined ? {} : { allowSubstitute: substitute }),
    product: {
      code: entry.productCode,
      name: entry.name,
      brand: entry.brand,
      packSize: entry.packSize,
      storageText: entry.storageText,
      shelfLifeDays: entry.shelfLifeDays,
      salesUnit: entry.salesUnit,
      minOrderQuantity: entry.minOrderQuantity,
      stock: { stockLevelStatus: entry.stockStatus },
      images: [{ url: productImageUrl(entry.productCode), format: 'thumbnail', imageType: 'PRIMARY' }],
      vatRateBp: entry.vatRateBp,
      foodMarks: foodMarks(entry.foodMarkBits),
    },
    basePrice: money(entry.unitPricePence),
    totalPrice: money(amounts.netPence),
    totalTax: money(amounts.vatPence),
    offer: offer.offer,
    wasPrice: offer.wasPrice,
    saving: offer.saving,
    nextBreak: offer.nextBreak,
    offersEndingBeforeDelivery: offer.offersEndingBeforeDelivery,
    ...entryStockNotice(entry, stockFor),
  };
}

/**
 * A cart as the API answers it (OCC names where OCC has one): prices are always the server's, for the
 * sold-to of the cart's ship-to. `totalPrice` is net, `totalTax` the VAT, `totalPriceWithTax` the gross.
 */
/**
 * The cart against its ship-to's minimum order (docs/minimum-order.md): the minimum, what it is short of it and
 * the message saying so (the delivery charge it avoids, or that checkout refuses it); null where nothing is short.
 */
function minimumOrderView(scope: ShipToScope, goodsNetPence: number) {
  const shortfall = minimumOrderShortfall(scope, goodsNetPence);
  if (!shortfall) return null;
  return {
    belowMinimum: shortfall.belowMinimum,
    minimumOrder: money(shortfall.minimumOrderPence),
    addMore: money(shortfall.shortPence),
    message: shortfallMessage(shortfall),
  };
}

export function cartView(cart: CartRow, scope: ShipToScope, entries: PricedEntry[], now: Date = new Date()) {
  const { goods, charges, totals } = priceCharges(priceContext(scope, cart.requestedDeliveryDate, now), rowTotals(entries));
  // The date's rule reads the calendar: only worked out for a cart with a line of a product with stock rows.
  const stockFor = entries.some((entry) => entry.stockLevels !== null) ? stockDate(now, scope, cart.requestedDeliveryDate) : undefined;
  return {
    code: cart.code,
    guid: cart.code,
    version: cart.version,
    status: cart.status,
    shipTo: { code: scope.shipToCode, name: scope.shipToName },
    soldTo: scope.soldToCode,
    salesOrg: scope.range,
    name: cart.name,
    description: cart.description,
    saveTime: cart.savedAt?.toISOString() ?? null,
    purchaseOrderNumber: cart.purchaseOrderNumber,
    purchaseOrderRequired: scope.purchaseOrderRequired,
    deliveryInstructions: cart.deliveryInstructions,
    requestedDeliveryDate: cart.requestedDeliveryDate,
    /** The delivery date the prices are for: the requested one, or today's until there is one (pricing/price-adjuster.ts). */
    pricedFor: cart.requestedDeliveryDate ?? pricingToday(),
    entries: entries.map((entry) => entryView(entry, stockFor, allowSubstitute(entry, scope))),
    totalItems: entries.length,
    totalUnitCount: entries.reduce((sum, entry) => sum + entry.quantity, 0),
    /** The goods' net; `deliveryCost` the delivery charge below a minimum order; `totalPrice` both together. */
    subTotal: money(goods.netPence),
    deliveryCost: money(charges.reduce((sum, charge) => sum + charge.netPence, 0)),
    charges: charges.map((charge) => ({ kind: charge.kind, name: charge.name, price: money(charge.netPence), tax: money(charge.vatPence) })),
    minimumOrder: minimumOrderView(scope, goods.netPence),
    totalPrice: money(totals.netPence),
    totalTax: money(totals.vatPence),
    totalPriceWithTax: money(totals.grossPence),
    totalSaving: totalSaving(entries),
  };
}

export type CartView = ReturnType<typeof cartView>;

/** The strong validator of a cart's state: its version. */
export const cartEtag = (cart: CartRow): string => `"${cart.version}"`;
