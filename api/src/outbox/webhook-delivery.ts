import type { Deliver } from './dispatcher';
import { webhookTraceHeaders } from './trace-headers';
import { webhookHeaders } from './webhook-signature';

export interface WebhookTarget {
  url: string;
  key: Buffer;
  timeoutMs: number;
}

/**
 * Posts a message to the receiver. Only a 2xx answer counts as delivered: a redirect is not followed (a
 * receiver must not send signed order data elsewhere) and counts as a failure like a 5xx or a time-out.
 * The answer's body is never read, so a slow or endless body cannot hold the dispatcher.
 */
export function webhookDelivery(target: WebhookTarget): Deliver {
  return async (message) => {
    const body = JSON.stringify(message.payload);
    const response = await fetch(target.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(target.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Meadowvale-Webhooks/1',
        ...webhookTraceHeaders(message),
        ...webhookHeaders(target.key, message.eventId, body, new Date()),
      },
      body,
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status > 299) {
      throw new Error(`receiver answered ${response.status}`);
    }
  };
}
