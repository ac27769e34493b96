#!/usr/bin/env node
// @ts-check
/**
 * The storefront's production server: Next.js behind one step that decides who the client is (README "Client
 * addresses"). `next start` would pass on whatever X-Forwarded-For, -Host and -Proto the browser sent, and Next
 * adds the socket's address only when the browser sent none, so the app could not tell a shopper from a claim.
 * Here the forwarded headers are believed only from the proxies in WEB_TRUST_PROXY; the app then finds one
 * address in X-Forwarded-For (the client's) and the host and scheme the browser addressed.
 *
 * Usage: node server.mjs [-p port] [-H hostname]   (like `next start`; the port also from WEB_PORT or PORT)
 */
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import proxyAddr from '@fastify/proxy-addr';

const { values: args } = parseArgs({ options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } } });
const port = Number(args.port ?? process.env.WEB_PORT ?? process.env.PORT ?? 3000);
/** Unset: every interface, as `next start` does. */
const hostname = args.hostname;

/** @returns {(address: string, hop: number) => boolean} */
function trustedProxies() {
  const listed = (process.env.WEB_TRUST_PROXY ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  try {
    return proxyAddr.compile(listed);
  } catch (error) {
    console.error(`Invalid configuration:\n  WEB_TRUST_PROXY: ${error instanceof Error ? error.message : String(error)} (addresses, CIDR ranges, loopback, linklocal or uniquelocal, comma-separated)`);
    process.exit(1);
  }
}

const trust = trustedProxies();

/** The last of a header's comma-separated values: what the nearest proxy said. */
function lastValue(/** @type {string | string[] | undefined} */ value) {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return text.split(',').pop()?.trim() ?? '';
}

/**
 * Rewrites the forwarded headers in place: X-Forwarded-For becomes the one client address (the nearest address
 * that is not a trusted proxy); X-Forwarded-Host and -Proto stay only when a trusted proxy sent them (Next then
 * fills them from the Host header and the socket).
 * @param {import('node:http').IncomingMessage} request
 */
function establishClient(request) {
  request.headers['x-forwarded-for'] = proxyAddr(request, trust);
  const fromProxy = request.socket.remoteAddress !== undefined && trust(request.socket.remoteAddress, 0);
  for (const name of ['x-forwarded-host', 'x-forwarded-proto']) {
    const value = fromProxy ? lastValue(request.headers[name]) : '';
    if (value) request.headers[name] = value;
    else delete request.headers[name];
  }
  delete request.headers.forwarded;
}

// Set before Next (and React) load, as `next start` does: they pick their production builds when loaded.
process.env.NODE_ENV = 'production';
const { default: next } = await import('next');
const app = next({ dev: false, dir: dirname(fileURLToPath(import.meta.url)), hostname: hostname ?? 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  establishClient(request);
  void handle(request, response);
});
server.listen(port, hostname, () => console.log(`storefront ready on http://${hostname ?? 'localhost'}:${port}`));

/** Finishes the requests under way (for a few seconds at most), like `next start` on SIGTERM. */
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
