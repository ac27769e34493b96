import type { Channels } from '../outbox/event-types';
import type { OutboxEvent } from '../outbox/write-event';

export const BACK_IN_STOCK_TYPE = 'stock.backInStock';

/** Only the customer who asked wants to know; the ERP sent the stock itself. */
export const BACK_IN_STOCK_CHANNELS: Channels = ['mail'];

/** What one answered request's mail is written from, taken in the feed's transaction. */
export interface BackInStockData {
  requestId: number;
  product: { code: string; name: string };
  /** The first delivery date with cases the feed gave. */
  backOn: string;
  recipient: { userId: number; name: string; email: string };
}

/** One mail per request, keyed by it. */
export const backInStockEvent = (data: BackInStockData): OutboxEvent<BackInStockData> => ({
  type: BACK_IN_STOCK_TYPE,
  key: `back-in-stock/${data.requestId}`,
  channels: BACK_IN_STOCK_CHANNELS,
  payload: data,
});
