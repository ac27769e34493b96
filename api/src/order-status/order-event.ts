import { sql } from 'drizzle-orm';
import { jsonObject } from '../db/json-object';
import { operators, orders, type LineSubstitution } from '../db/schema';
import type { Channels } from '../outbox/event-types';
import type { OutboxEvent } from '../outbox/write-event';
import type { Cause } from '../tracing/cause';
import type { OrderInProcess, OrderLineRow } from './order-in-process';

export const ORDER_EVENT_TYPES = ['order.placed', 'order.status_changed', 'order.amended', 'order.cancelled'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** Every order event goes to the ERP's webhook and becomes an e-mail to the user who placed the order. */
export const ORDER_EVENT_CHANNELS: Channels = ['webhook', 'mail'];

/** An operator who placed the order acting for the customer (docs/assisted-service.md). */
export interface PlacingOperator {
  id: number;
  name: string;
  email: string;
}

/**
 * The operator who placed an order, read with it: null for an order its customer placed. Readers that build
 * PlacedBy select it as its `operator`, so every event of such an order names them.
 */
export const placingOperatorOf = sql<PlacingOperator | null>`(select ${jsonObject({ id: operators.id, name: operators.name, email: operators.email })} from ${operators} where ${operators.id} = ${orders.placedByOperatorId})`;

/** Who placed the order: the addressee of its e-mails. */
export interface PlacedBy {
  customerId: string;
  name: string;
  email: string;
  /** The operator who placed it for the customer; null or absent when the customer did. */
  operator?: PlacingOperator | null;
  /** At placement, the request or job placing it (orders/order-writer.ts hands it to the move); never in an event. */
  cause?: Cause;
}

export interface StatusChange {
  previousStatus: string;
  note: string | null;
  changedAt: string;
}

/**
 * What an ERP receives and what the e-mails are written from: the order as it stands after the change,
 * amounts in integer pence. A snapshot taken in the transaction that made the change, so a later change
 * cannot alter what an earlier event says.
 */
export interface OrderEventData {
  order: {
    code: string;
    status: string;
    placedAt: string;
    deliveryDate: string;
    purchaseOrderNumber: string | null;
    deliveryInstructions: string | null;
    shipTo: { code: string; name: string };
    soldTo: string;
    salesOrg: string;
    /**
     * With the shop's id of that user, whose notification preferences decide whether the order's e-mails go
     * out (docs/people.md#notifications). Absent in events written before it was added.
     */
    placedBy: Omit<PlacedBy, 'operator'> & { userId?: number };
    /**
     * The operator who placed it for the customer, acting for them (docs/assisted-service.md); null when the
     * customer did. Absent in events written before it was added.
     */
    placedByOperator?: { name: string; email: string } | null;
    currency: 'GBP';
    lines: {
      entryNumber: number;
      productCode: string;
      name: string;
      packSize: string;
      quantity: number;
      deliveredQuantity: number | null;
      unitPricePence: number;
      vatRateBp: number;
      netPence: number;
      vatPence: number;
      /**
       * How the unit price was reached from the list price, per case (docs/pricing.md): contract and dated prices,
       * the one offer with its name and end date. Absent in events written before it was added.
       */
      priceAdjustments?: { kind: string; source: string; amount: number; name?: string; endsOn?: string }[];
      /** Whether the customer lets the warehouse send a substitute (docs/substitutions.md). Absent in events written before it was added. */
      allowSubstitute?: boolean;
      /**
       * What the dispatch report sent instead: that product, its cases and prices; null when nothing was
       * substituted. Absent in events written before it was added.
       */
      substitution?: LineSubstitution | null;
    }[];
    /**
     * Charges on the order as a whole, in the totals below: the delivery charge of an order below its ship-to's
     * minimum (docs/minimum-order.md), else empty. Absent in events written before it was added.
     */
    charges?: { kind: 'deliveryCharge'; name: string; netPence: number; vatPence: number }[];
    netPence: number;
    vatPence: number;
    grossPence: number;
  };
  statusChange?: StatusChange;
}

/** An order event for writeEvent: ordered by the order's code, so an ERP receives one order's events in order. */
export function orderEvent(type: OrderEventType, { order, shipToName, lines }: Pick<OrderInProcess, 'order' | 'shipToName'> & { lines: OrderLineRow[] }, placedBy: PlacedBy, cause: Cause | undefined, statusChange?: StatusChange): OutboxEvent<OrderEventData> {
  return {
    type,
    cause,
    key: order.code,
    channels: ORDER_EVENT_CHANNELS,
    payload: {
      order: {
        code: order.code,
        status: order.status,
        placedAt: order.placedAt.toISOString(),
        deliveryDate: order.deliveryDate,
        purchaseOrderNumber: order.purchaseOrderNumber,
        deliveryInstructions: order.deliveryInstructions,
        shipTo: { code: order.shipToCode, name: shipToName },
        soldTo: order.soldToCode,
        salesOrg: order.range,
        placedBy: { customerId: placedBy.customerId, name: placedBy.name, email: placedBy.email, userId: order.userId },
        placedByOperator: placedBy.operator ? { name: placedBy.operator.name, email: placedBy.operator.email } : null,
        currency: 'GBP',
        lines: lines.map((line) => ({
          entryNumber: line.lineNumber,
          productCode: line.productCode,
          name: line.name,
          packSize: line.packSize,
          quantity: line.quantity,
          deliveredQuantity: line.deliveredQuantity,
          unitPricePence: line.unitPricePence,
          vatRateBp: line.vatRateBp,
          netPence: line.netPence,
          vatPence: line.vatPence,
          priceAdjustments: line.priceAdjustments,
          allowSubstitute: line.allowSubstitute,
          substitution: line.substitution,
        })),
        charges: order.deliveryChargePence > 0 ? [{ kind: 'deliveryCharge', name: 'Delivery charge', netPence: order.deliveryChargePence, vatPence: order.deliveryChargeVatPence }] : [],
        netPence: order.netPence,
        vatPence: order.vatPence,
        grossPence: order.grossPence,
      },
      ...(statusChange ? { statusChange } : {}),
    },
  };
}
