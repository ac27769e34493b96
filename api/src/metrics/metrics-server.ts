import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/**
 * GET /metrics in the Prometheus text format, on a port of its own (METRICS_PORT), never the API's: the public
 * side of a load balancer never reaches it. Anything else is a 404.
 */
export class MetricsServer {
  private readonly server = createServer((request, response) => this.answer(request, response));

  constructor(private readonly registry: Registry) {}

  async start(port: number, host: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** http://host:port of the listening server (port 0 picks a free one); undefined while it is not listening. */
  get url(): string | undefined {
    const bound = this.server.address() as AddressInfo | null;
    if (!bound) return undefined;
    const { address, port, family } = bound;
    return `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
  }

  async stop(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    this.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n'),
    );
  }
}
