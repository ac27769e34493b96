import type { DbOrTx } from '../db/client';
import { outboxMessages } from '../db/schema';
import { newEventId, type OrderEvent } from './order-event';

/** Every event goes to the ERP's webhook and becomes an e-mail to the customer; each channel is delivered on its own. */
export const CHANNELS = ['webhook', 'mail'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Records an event in the caller's transaction: it exists exactly when the change it describes was
 * committed, and the dispatcher delivers it afterwards, however long the receivers take.
 */
export async function writeEvent(tx: DbOrTx, event: OrderEvent): Promise<string> {
  const eventId = newEventId();
  await tx.insert(outboxMessages).values(
    CHANNELS.map((channel) => ({ eventId, channel, type: event.type, orderCode: event.data.order.code, payload: event })),
  );
  return eventId;
}
