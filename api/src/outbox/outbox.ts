import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import type { Database } from '../db/client';
import { mailboxTransport, smtpTransport, type SendMail } from '../mail/mail-transport';
import { prepareMail, type IssueUnsubscribeToken } from '../mail/unsubscribe-link';
import type { Db } from '../db/client';
import { ChannelDispatcher, type Deliver, type PassReport } from './dispatcher';
import { EventTypes, type Channel, type EventTypeRegistry } from './event-types';
import { NotifiedWakeUp } from './notified-wake-up';
import { mailTraceHeaders } from './trace-headers';
import { webhookDelivery } from './webhook-delivery';
import { webhookKey } from './webhook-signature';

/**
 * The outbox of this process: the event types the domain modules registered, and the dispatchers, started
 * with the server and stopped (in-flight messages finished) before it closes.
 */
export interface Outbox extends EventTypeRegistry {
  start(): Promise<void>;
  /** One pass of every channel now (after a pass in progress); tests deliver with it instead of waiting. */
  dispatchOnce(): Promise<PassReport>;
  stop(): Promise<void>;
}

const BATCH_SIZE = 20;

/** What the outbox reports as it works: failed attempts, counted by the metrics (docs/metrics.md). */
export interface OutboxObserver {
  deliveryFailed(channel: Channel): void;
}

/**
 * `clock` is the app's "now" (movable in test runs): the unsubscribe tokens of mails are issued at it, by
 * `issueUnsubscribeToken`. `observer` hears of every failed attempt.
 */
export function createOutbox(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  mailing: { clock: () => Date; issueUnsubscribeToken: IssueUnsubscribeToken },
  observer?: OutboxObserver,
): Outbox {
  const { outbox, webhook, mail } = config;
  const types = new EventTypes();
  const options = {
    pollMs: outbox.pollMs,
    // Far beyond one delivery's time-out, so a lease only ever runs out when its holder has died.
    leaseMs: Math.max(60_000, outbox.deliveryTimeoutMs * 6),
    batchSize: BATCH_SIZE,
    backoff: { baseMs: outbox.retryBaseMs, maxMs: outbox.retryMaxMs },
    onDeliveryFailed: observer && ((channel: Channel) => observer.deliveryFailed(channel)),
  };
  const deliveries: [Channel, Deliver][] = [];
  const key = webhook && webhookKey(webhook.secret);
  // Without a receiver, webhook events stay in the outbox and go out once WEBHOOK_URL is set.
  if (webhook && key) {
    const post = webhookDelivery({ url: webhook.url, key, timeoutMs: outbox.deliveryTimeoutMs });
    deliveries.push([
      'webhook',
      async (message) => {
        types.forDelivery(message.type, 'webhook');
        await post(message);
      },
    ]);
  }
  const send = mail.smtpUrl ? smtpTransport(mail.smtpUrl, mail.from, outbox.deliveryTimeoutMs) : mailboxTransport(database.db, mail.from);
  deliveries.push(['mail', mailDelivery(types, send, { db: database.db, shopUrl: mail.shopUrl, ...mailing })]);

  const dispatchers = new Map(deliveries.map(([channel, deliver]) => [channel, new ChannelDispatcher(database.db, channel, deliver, options, log)]));
  const wakeUp = new NotifiedWakeUp(
    database,
    (channels) => {
      for (const [channel, dispatcher] of dispatchers) if (channels === 'all' || channels.includes(channel)) dispatcher.wake();
    },
    log,
  );
  const every = <T>(work: (dispatcher: ChannelDispatcher) => Promise<T>) => Promise.all([...dispatchers.values()].map(work));
  return {
    registerEventType: (definition) => types.registerEventType(definition),
    start: async () => {
      await wakeUp.start();
      for (const dispatcher of dispatchers.values()) dispatcher.start();
    },
    dispatchOnce: async () => {
      const reports = await every((dispatcher) => dispatcher.runPass());
      return reports.reduce((sum, report) => ({ delivered: sum.delivered + report.delivered, failed: sum.failed + report.failed }), { delivered: 0, failed: 0 });
    },
    stop: async () => {
      await wakeUp.stop();
      await every((dispatcher) => dispatcher.stop());
    },
  };
}

/**
 * The mail channel: the event type's template writes the mail; a mail of a kind its user turned off is not
 * sent (the message counts as delivered), any other is prepared (unsubscribe headers) and handed to the
 * transport (SMTP or the demo mailbox). See docs/people.md#notifications.
 */
function mailDelivery(types: EventTypes, send: SendMail, context: { db: Db; shopUrl: string; clock: () => Date; issueUnsubscribeToken: IssueUnsubscribeToken }): Deliver {
  return async (message) => {
    const template = types.forDelivery(message.type, 'mail').mail;
    if (!template) throw new Error(`event type ${message.type} has no mail template`);
    const prepared = await prepareMail(context.db, template(message.payload.data, context.shopUrl), context.shopUrl, context.clock(), context.issueUnsubscribeToken);
    if (!prepared) return;
    await send({ ...prepared.content, headers: { ...prepared.headers, ...mailTraceHeaders(message) }, eventId: message.eventId });
  };
}
