import { productImageUrl } from '../carts/cart-view';
import { money } from '../pricing/money';
import { foodMarks } from '../food-info/food-marks';
import { offerView, totalSaving } from '../pricing/price-rules/offers';
import type { ApprovalReason } from '../spending-limits/limit-check';
import { orderTiming } from './order-cutoff';
import type { OrderRecord } from './order-queries';
import { substitutionSentence } from './substitutions';

/**
 * What was sent instead of a line (docs/substitutions.md), with the sentence the customer reads; null when the
 * line was sent as ordered. `totalPrice` is what the order's totals count for the line.
 */
function substitutionView(line: OrderRecord['lines'][number]) {
  const sent = line.substitution;
  if (!sent) return null;
  return {
    text: substitutionSentence({ ...line, substitution: sent }),
    product: { code: sent.productCode, name: sent.name, packSize: sent.packSize, images: [{ url: productImageUrl(sent.productCode), format: 'thumbnail', imageType: 'PRIMARY' }] },
    quantity: sent.quantity,
    basePrice: money(sent.unitPricePence),
    totalPrice: money(sent.netPence),
    totalTax: money(sent.vatPence),
  };
}

/**
 * An order as the API answers it at `now`: the lines are the snapshot taken when it was placed or last
 * amended, never today's prices; `cutoff` and `amendable` say until when the customer may still change it.
 */
export function orderView({ order, shipToName, cutoffTime, lines, changes, decisions, addresses, waitingFor, creditHold, placedByOperator }: OrderRecord, now: Date) {
  const timing = orderTiming(order, cutoffTime, now);
  return {
    code: order.code,
    status: order.status,
    ...timing,
    placed: order.placedAt.toISOString(),
    deliveryDate: order.deliveryDate,
    purchaseOrderNumber: order.purchaseOrderNumber,
    deliveryInstructions: order.deliveryInstructions,
    shipTo: {
      code: order.shipToCode,
      name: shipToName,
      ...(addresses ? { address: addresses.delivery, purchaseOrderRequired: addresses.purchaseOrderRequired } : {}),
    },
    soldTo: order.soldToCode,
    ...(addresses ? { soldToName: addresses.soldToName } : {}),
    salesOrg: order.range,
    entries: lines.map((line) => ({
      entryNumber: line.lineNumber,
      quantity: line.quantity,
      /** Null until the warehouse reports; below quantity when the delivery was short. */
      deliveredQuantity: line.deliveredQuantity,
      product: {
        code: line.productCode,
        name: line.name,
        packSize: line.packSize,
        images: [{ url: productImageUrl(line.productCode), format: 'thumbnail', imageType: 'PRIMARY' }],
        vatRateBp: line.vatRateBp,
        // Lines read without their products (a status report's answer) show none: "not supplied", never "free".
        foodMarks: foodMarks(line.foodMarkBits ?? 0),
      },
      basePrice: money(line.unitPricePence),
      totalPrice: money(line.netPence),
      totalTax: money(line.vatPence),
      ...offerView({ unitPricePence: line.unitPricePence, quantity: line.quantity, adjustments: line.priceAdjustments }),
      allowSubstitute: line.allowSubstitute,
      substitution: substitutionView(line),
    })),
    totalItems: lines.length,
    totalUnitCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    /** The goods' net; `deliveryCost` the delivery charge of an order below its minimum; `totalPrice` both. */
    subTotal: money(order.netPence - order.deliveryChargePence),
    deliveryCost: money(order.deliveryChargePence),
    totalPrice: money(order.netPence),
    totalTax: money(order.vatPence),
    totalPriceWithTax: money(order.grossPence),
    totalSaving: totalSaving(lines.map((line) => ({ quantity: line.quantity, adjustments: line.priceAdjustments }))),
    statusChanges: changes ?? [],
    /**
     * Null for an order never held; else the limits it passed when last checked, the decisions on it and
     * the deadline for one: its cut-off (docs/approvals.md "Held orders"); on the order page, who a held
     * order waits for.
     */
    approval:
      order.approvalReasons === null
        ? null
        : {
            reasons: order.approvalReasons as ApprovalReason[],
            decisions: decisions ?? [],
            deadline: timing.cutoff,
            ...(waitingFor === undefined ? {} : { waitingFor }),
          },
    /** Null unless it waits for credit, or the credit team rejected it or let it expire (docs/credit-control.md). */
    creditHold: creditHold ? { message: creditHold.message, decision: creditHold.decision, comment: creditHold.comment, deadline: timing.cutoff } : null,
    /** The operator who placed it acting for the customer (docs/assisted-service.md); null when the customer did. */
    placedByOperator: placedByOperator ?? null,
  };
}

