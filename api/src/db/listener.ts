import pg from 'pg';

export interface NotificationHandlers {
  onMessage(payload: string): void;
  onLost(error: Error): void;
}

/**
 * LISTEN on PostgreSQL needs a connection of its own (a pooled one goes back to the pool between queries).
 * Every subscriber of this process (the search index, the outbox) shares one such connection: opened by the
 * first subscriber, closed with the last. When it fails, every subscriber hears onLost and the connection is
 * dropped; the next subscription opens a new one.
 */
export class SharedListener {
  private connection: Promise<pg.Client> | undefined;
  private readonly subscribers = new Map<string, Set<NotificationHandlers>>();

  constructor(private readonly url: string) {}

  async listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>> {
    const connection = this.connection ?? this.open();
    const client = await connection;
    const channelSubscribers = this.subscribers.get(channel) ?? new Set();
    if (channelSubscribers.size === 0) {
      this.subscribers.set(channel, channelSubscribers);
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    }
    channelSubscribers.add(handlers);
    return async () => {
      channelSubscribers.delete(handlers);
      // Lost meanwhile (or already replaced): nothing of this connection is left to stop.
      if (this.connection !== connection) return;
      if (channelSubscribers.size === 0) {
        this.subscribers.delete(channel);
        await client.query(`unlisten ${client.escapeIdentifier(channel)}`).catch(() => undefined);
      }
      if (this.subscribers.size === 0) {
        this.connection = undefined;
        await client.end().catch(() => undefined);
      }
    };
  }

  private open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    const connection = client.connect().then(() => client);
    this.connection = connection;
    const lost = (error: Error) => {
      if (this.connection !== connection) return;
      this.connection = undefined;
      const everyone = [...this.subscribers.values()].flatMap((handlers) => [...handlers]);
      this.subscribers.clear();
      for (const handlers of everyone) handlers.onLost(error);
      void client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the listening connection closed')));
    client.on('notification', (message) => {
      for (const handlers of this.subscribers.get(message.channel) ?? []) handlers.onMessage(message.payload ?? '');
    });
    connection.catch(() => {
      if (this.connection === connection) this.connection = undefined;
    });
    return connection;
  }
}
