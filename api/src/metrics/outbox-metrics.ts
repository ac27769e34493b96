import { Counter, Gauge, type Registry } from 'prom-client';
import type { ChannelBacklog } from '../outbox/outbox-backlog';
import { CHANNELS, type Channel } from '../outbox/event-types';
import type { OutboxObserver } from '../outbox/outbox';
import type { ScrapeLog } from './scrape-log';

/**
 * outbox_messages_waiting{channel} and outbox_oldest_waiting_age_seconds{channel}, read from the outbox table
 * at each scrape; outbox_delivery_failures_total{channel}, counted as attempts fail. Every channel has its
 * series from the start, so a rate or an alert needs no "absent" case.
 */
export function outboxMetrics(registry: Registry, readBacklog: () => Promise<ChannelBacklog[]>, log: ScrapeLog): OutboxObserver {
  let backlog: Promise<Map<Channel, ChannelBacklog> | undefined> | undefined;
  // Both gauges are collected in one scrape: one query serves them.
  const read = () => {
    backlog ??= readBacklog()
      .then((rows) => new Map(rows.map((row) => [row.channel, row])))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'metrics: could not read the outbox backlog');
        return undefined;
      })
      .finally(() => setImmediate(() => (backlog = undefined)));
    return backlog;
  };
  const gauge = (name: string, help: string, value: (row: ChannelBacklog | undefined) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['channel'],
      registers: [registry],
      async collect() {
        const rows = await read();
        this.reset();
        if (rows === undefined) return;
        for (const channel of CHANNELS) this.set({ channel }, value(rows.get(channel)));
      },
    });
  gauge('outbox_messages_waiting', 'Outbox messages not yet delivered', (row) => row?.waiting ?? 0);
  gauge('outbox_oldest_waiting_age_seconds', 'Age of the oldest undelivered outbox message (0 when none waits)', (row) => row?.oldestAgeSeconds ?? 0);
  const failures = new Counter({ name: 'outbox_delivery_failures_total', help: 'Failed delivery attempts (each is retried after its backoff)', labelNames: ['channel'], registers: [registry] });
  for (const channel of CHANNELS) failures.inc({ channel }, 0);
  return { deliveryFailed: (channel) => failures.inc({ channel }) };
}
