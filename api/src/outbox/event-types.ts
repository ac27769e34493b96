import type { MailContent } from '../mail/mail-format';

/** Where an event can go: the ERP's webhook, and an e-mail written by the event type's template. */
export const CHANNELS = ['webhook', 'mail'] as const;
export type Channel = (typeof CHANNELS)[number];
/** The channel sets an event type may have: to the ERP and by mail, or by mail only. */
export type Channels = readonly ['webhook', 'mail'] | readonly ['mail'];

/** Writes the e-mail of one event from its payload; links point into the shop at `shopUrl`. */
export type MailTemplate<P> = (payload: P, shopUrl: string) => MailContent;

/**
 * What a domain module tells the outbox about one of its event types at start-up: which channels its
 * events go to and, for mail, the template. The outbox knows no event type of its own
 * (docs/decisions/004-outbox.md).
 */
export interface EventTypeDefinition<P> {
  type: string;
  channels: Channels;
  mail?: MailTemplate<P>;
}

export interface EventTypeRegistry {
  registerEventType<P>(definition: EventTypeDefinition<P>): void;
}

/** A registered type as the dispatcher uses it: payloads are JSON read back from the outbox table. */
export interface RegisteredEventType {
  type: string;
  channels: readonly Channel[];
  mail?: MailTemplate<unknown>;
}

/**
 * The event types of one app (each app in a test process has its own). Registering a type twice, or for
 * mail without a template, is a programming error and fails the start.
 */
export class EventTypes implements EventTypeRegistry {
  private readonly types = new Map<string, RegisteredEventType>();

  registerEventType<P>(definition: EventTypeDefinition<P>): void {
    const { type, channels, mail } = definition;
    if (this.types.has(type)) throw new Error(`outbox event type ${type} is registered twice`);
    if (channels.includes('mail') && !mail) throw new Error(`outbox event type ${type} goes to mail but has no mail template`);
    // The payload was written by the module that registered the template, for this very type.
    this.types.set(type, { type, channels, mail: mail as MailTemplate<unknown> | undefined });
  }

  /**
   * The registration a message of `type` is delivered by on `channel`. A type this process does not know (an
   * older process during a rolling deploy, a module removed) is a failed attempt recorded on the message and
   * retried with backoff, holding back the later events of its key, never a crash.
   */
  forDelivery(type: string, channel: Channel): RegisteredEventType {
    const registered = this.types.get(type);
    if (!registered) throw new Error(`no event type ${type} is registered in this process`);
    if (!registered.channels.includes(channel)) throw new Error(`event type ${type} is not delivered by ${channel}`);
    return registered;
  }
}
