import type { EventTypeRegistry } from '../outbox/event-types';
import { ORDER_EVENT_CHANNELS, ORDER_EVENT_TYPES, type OrderEventData } from '../order-status/order-event';
import { orderMail } from './order-mail';

/** At start-up: the order events the outbox delivers, to the ERP and as e-mails to the customer (docs/integration.md). */
export function registerOrderEvents(registry: EventTypeRegistry): void {
  for (const type of ORDER_EVENT_TYPES) {
    registry.registerEventType<OrderEventData>({ type, channels: ORDER_EVENT_CHANNELS, mail: (data, shopUrl) => orderMail(type, data, shopUrl) });
  }
}
