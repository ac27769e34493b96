import { randomUUID } from 'node:crypto';
import type { OrderRecord } from '../orders/order-queries';

export const EVENT_TYPES = ['order.placed', 'order.status_changed', 'order.amended', 'order.cancelled'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Who placed the order: the addressee of its e-mails. */
export interface PlacedBy {
  customerId: string;
  name: string;
  email: string;
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
    placedBy: PlacedBy;
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
    }[];
    netPence: number;
    vatPence: number;
    grossPence: number;
  };
  statusChange?: StatusChange;
}

/** The Standard Webhooks payload shape: `{type, timestamp, data}`. */
export interface OrderEvent {
  type: EventType;
  timestamp: string;
  data: OrderEventData;
}

/** Standard Webhooks message ids are unique strings; `msg_` keeps them recognisable in logs. */
export const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

export function orderEvent(type: EventType, { order, shipToName, lines }: OrderRecord, placedBy: PlacedBy, statusChange?: StatusChange): OrderEvent {
  return {
    type,
    timestamp: new Date().toISOString(),
    data: {
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
        placedBy,
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
        })),
        netPence: order.netPence,
        vatPence: order.vatPence,
        grossPence: order.grossPence,
      },
      ...(statusChange ? { statusChange } : {}),
    },
  };
}
