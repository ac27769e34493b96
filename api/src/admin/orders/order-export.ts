import { and, asc, eq, gte, inArray, lt, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, orders, orderStatusChanges, users } from '../../db/schema';
import { ERP_STATUSES } from '../../order-status/order-status';
import { csvRow } from './csv';

export const EXPORT_COLUMNS = [
  'order_code',
  'placed_at',
  'status',
  'sold_to',
  'ship_to',
  'sales_org',
  'customer_id',
  'delivery_date',
  'purchase_order_number',
  'entry_number',
  'product_code',
  'product_name',
  'pack_size',
  'quantity',
  'delivered_quantity',
  'unit_price_pence',
  'vat_rate_bp',
  'net_pence',
  'vat_pence',
  /** How the unit price was reached from the list price: "kind source amount" per adjustment, "; " between (docs/pricing.md). */
  'price_adjustments',
  /** The order's delivery charge below its minimum and its VAT, repeated on each of its rows like its other facts (docs/minimum-order.md). */
  'delivery_charge_pence',
  'delivery_charge_vat_pence',
  /** Whether the customer let the warehouse send a substitute for the line, and what the dispatch report said was sent instead (docs/substitutions.md); empty when nothing was. */
  'allow_substitute',
  'substitute_product_code',
  'substitute_quantity',
  'substitute_unit_price_pence',
  'substitute_net_pence',
] as const;

/** Midnight of a calendar date in London, where the business keeps its days. */
const londonMidnight = (date: string) => sql`(${date}::date::timestamp at time zone 'Europe/London')`;

/**
 * Only orders the ERP may act on, by the rule that decides what its webhooks tell it (erpMayActOn): none held,
 * rejected or expired, nor one cancelled from those, which the ERP never heard of.
 */
const erpOrders = and(
  inArray(orders.status, [...ERP_STATUSES]),
  notExists(
    sql`(select 1 from ${orderStatusChanges} where ${and(
      eq(orderStatusChanges.orderId, orders.id),
      eq(orderStatusChanges.toStatus, 'cancelled'),
      notInArray(orderStatusChanges.fromStatus, [...ERP_STATUSES]),
    )})`,
  ),
);

/**
 * The lines of every order placed from `from` to `to` (calendar days in London, both included) that the ERP may
 * act on, one CSV row per line with the order's facts repeated, amounts in pence: what an ERP that reads files
 * imports.
 */
export async function exportOrderLines(db: Db, from: string, to: string): Promise<string> {
  const rows = await db
    .select({ order: orders, line: orderLines, customerId: users.customerId })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(gte(orders.placedAt, londonMidnight(from)), lt(orders.placedAt, sql`${londonMidnight(to)} + interval '1 day'`), erpOrders))
    .orderBy(asc(orders.placedAt), asc(orders.id), asc(orderLines.lineNumber));
  return (
    csvRow([...EXPORT_COLUMNS]) +
    rows
      .map(({ order, line, customerId }) =>
        csvRow([
          order.code,
          order.placedAt.toISOString(),
          order.status,
          order.soldToCode,
          order.shipToCode,
          order.range,
          customerId,
          order.deliveryDate,
          order.purchaseOrderNumber,
          line.lineNumber,
          line.productCode,
          line.name,
          line.packSize,
          line.quantity,
          line.deliveredQuantity,
          line.unitPricePence,
          line.vatRateBp,
          line.netPence,
          line.vatPence,
          line.priceAdjustments.map((adjustment) => `${adjustment.kind} ${adjustment.source} ${adjustment.amount}`).join('; '),
          order.deliveryChargePence,
          order.deliveryChargeVatPence,
          line.allowSubstitute ? 'true' : 'false',
          line.substitution?.productCode ?? null,
          line.substitution?.quantity ?? null,
          line.substitution?.unitPricePence ?? null,
          line.substitution?.netPence ?? null,
        ]),
      )
      .join('')
  );
}
