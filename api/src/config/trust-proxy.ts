import { isIP } from 'node:net';

/**
 * Whose X-Forwarded-For the API believes (README "Client addresses"): the listed proxies' only, as Fastify's
 * `trustProxy` takes them. `true` (every hop) and `false` (none) are still read, as before.
 */
export type TrustProxy = boolean | string[];

/** Address ranges @fastify/proxy-addr knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The setting, or why it is not one. A hop count is refused: it cannot tell a proxy from a client that lies. */
export function parseTrustProxy(value: string): { ok: true; trust: TrustProxy } | { ok: false; reason: string } {
  const text = value.trim();
  if (text === 'true' || text === 'false') return { ok: true, trust: text === 'true' };
  if (/^\d+$/.test(text)) return { ok: false, reason: 'a hop count cannot tell a proxy from a client; list the proxies\' addresses (or CIDR ranges)' };
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) return { ok: false, reason: `"${wrong}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal` };
  return { ok: true, trust: entries };
}
