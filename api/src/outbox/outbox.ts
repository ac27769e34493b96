import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import type { Db } from '../db/client';
import { mailboxDelivery, smtpDelivery } from '../mail/mail-delivery';
import { ChannelDispatcher, type Deliver } from './dispatcher';
import { webhookDelivery } from './webhook-delivery';
import { webhookKey } from './webhook-signature';

/** The dispatchers of this process: started with the server, stopped (in-flight messages finished) before it closes. */
export interface Outbox {
  start(): void;
  /** After a commit that wrote events: deliver now rather than at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

const BATCH_SIZE = 20;

export function createOutbox(db: Db, config: Config, log: FastifyBaseLogger): Outbox {
  const { outbox, webhook, mail } = config;
  const options = {
    pollMs: outbox.pollMs,
    // Far beyond one delivery's time-out, so a lease only ever runs out when its holder has died.
    leaseMs: Math.max(60_000, outbox.deliveryTimeoutMs * 6),
    batchSize: BATCH_SIZE,
    backoff: { baseMs: outbox.retryBaseMs, maxMs: outbox.retryMaxMs },
  };
  const deliveries: [ChannelDispatcher['channel'], Deliver][] = [];
  const key = webhook && webhookKey(webhook.secret);
  // Without a receiver, webhook events stay in the outbox and go out once WEBHOOK_URL is set.
  if (webhook && key) deliveries.push(['webhook', webhookDelivery({ url: webhook.url, key, timeoutMs: outbox.deliveryTimeoutMs })]);
  const settings = { from: mail.from, shopUrl: mail.shopUrl };
  deliveries.push(['mail', mail.smtpUrl ? smtpDelivery(mail.smtpUrl, settings, outbox.deliveryTimeoutMs) : mailboxDelivery(db, settings)]);
  const dispatchers = deliveries.map(([channel, deliver]) => new ChannelDispatcher(db, channel, deliver, options, log));
  return {
    start: () => dispatchers.forEach((dispatcher) => dispatcher.start()),
    wake: () => dispatchers.forEach((dispatcher) => dispatcher.wake()),
    stop: async () => {
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
    },
  };
}
