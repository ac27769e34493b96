import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

/** How the receiver answers one request: a status, after a delay, or a redirect elsewhere. */
export type Behaviour = { status: number; delayMs?: number; location?: string };

/**
 * A real HTTP receiver on a free port that records every request and answers as the test says: by
 * default 204, or per request from `answer`, which may change during the test.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  answer: (request: { body: string; count: number }) => Behaviour = () => ({ status: 204 });
  private readonly waiting: { matches: (delivery: ReceivedDelivery) => boolean; resolve: (delivery: ReceivedDelivery) => void }[] = [];
  private server: Server | undefined;
  url = '';

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const behaviour = this.answer({ body, count: this.received.length });
        const delivery = { path: request.url ?? '', headers: request.headers, body, status: behaviour.status };
        this.received.push(delivery);
        for (const waiter of this.waiting.filter((w) => w.matches(delivery))) {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          waiter.resolve(delivery);
        }
        const reply = () => {
          if (behaviour.location) response.setHeader('location', behaviour.location);
          response.statusCode = behaviour.status;
          response.end();
        };
        if (behaviour.delayMs) setTimeout(reply, behaviour.delayMs).unref();
        else reply();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    this.url = `http://127.0.0.1:${actual}/hooks/orders`;
    return this;
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  /**
   * The first request matching `matches`, received already or when it comes (before it is answered); fails
   * after `timeoutMs`, so a delivery that never comes fails the test rather than hanging it.
   */
  arrival(matches: (delivery: ReceivedDelivery) => boolean, timeoutMs = 10_000): Promise<ReceivedDelivery> {
    const already = this.received.find(matches);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching request within ${timeoutMs} ms`)), timeoutMs);
      this.waiting.push({
        matches,
        resolve: (delivery) => {
          clearTimeout(timer);
          resolve(delivery);
        },
      });
    });
  }

  /** Bodies of the deliveries answered 2xx, parsed. */
  accepted(): { type: string; data: { order: { code: string; status: string } } }[] {
    return this.received.filter((delivery) => delivery.status >= 200 && delivery.status < 300).map((delivery) => JSON.parse(delivery.body));
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = undefined;
  }
}

/** A Standard Webhooks secret as an ERP team would be given it. */
export const TEST_WEBHOOK_SECRET = `whsec_${Buffer.from('meadowvale-test-webhook-secret-0123456789').toString('base64')}`;
