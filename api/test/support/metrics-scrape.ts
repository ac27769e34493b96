import assert from 'node:assert/strict';
import type { TestServer } from './test-server';

/** GET /metrics of a server started with METRICS_PORT, as text. */
export async function scrape(server: TestServer): Promise<string> {
  const metrics = server.app.metrics;
  assert.ok(metrics?.url, 'the server was started with METRICS_PORT and its metrics listen');
  const response = await fetch(`${metrics.url}/metrics`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return response.text();
}

/**
 * The value of one sample of the Prometheus text format, e.g. sample(text, 'outbox_messages_waiting',
 * { channel: 'mail' }); labels not named are not compared. Undefined when there is no such sample.
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}
