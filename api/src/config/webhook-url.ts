import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a webhook must not be posted to unless WEBHOOK_ALLOW_PRIVATE=true: signed order data sent to a
 * service on this machine or inside the network (a metadata endpoint at 169.254.169.254, an admin port on
 * localhost) would let whoever sets WEBHOOK_URL reach what the internet cannot (docs/security.md).
 */
const PRIVATE_RANGES: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['0.0.0.0', 8, 'ipv4', 'an unspecified'],
  ['127.0.0.0', 8, 'ipv4', 'a loopback'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local'],
  ['10.0.0.0', 8, 'ipv4', 'a private'],
  ['172.16.0.0', 12, 'ipv4', 'a private'],
  ['192.168.0.0', 16, 'ipv4', 'a private'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (carrier-grade NAT)'],
  ['::', 128, 'ipv6', 'an unspecified'],
  ['::1', 128, 'ipv6', 'a loopback'],
  ['fe80::', 10, 'ipv6', 'a link-local'],
  ['fc00::', 7, 'ipv6', 'a private (unique local)'],
];

const ranges = PRIVATE_RANGES.map(([network, prefix, family, kind]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, kind };
});

/** An IPv6 address that carries an IPv4 one (::ffff:127.0.0.1, written by URL as ::ffff:7f00:1): the IPv4 part. */
function mappedIPv4(address: string): string | undefined {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!match?.[1] || !match[2]) return undefined;
  const high = parseInt(match[1], 16);
  const low = parseInt(match[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function addressKind(address: string): string | undefined {
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return undefined;
  const mapped = family === 'ipv6' ? mappedIPv4(address) : undefined;
  if (mapped) return addressKind(mapped);
  return ranges.find((range) => range.family === family && range.list.check(address, family))?.kind;
}

/**
 * Why WEBHOOK_URL points at this machine or a private network, or undefined when it does not seem to.
 * Checked: literal IPv4 and IPv6 addresses in any form the URL parser accepts (it writes 2130706433 and
 * 0x7f.1 as 127.0.0.1), IPv4 inside IPv6, and the name localhost with its subdomains. Not checked: what
 * other names resolve to, now or later (DNS rebinding); a receiver behind such a name is the operator's
 * choice of WEBHOOK_URL.
 */
export function privateWebhookHost(url: string): string | undefined {
  const host = new URL(url).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is this machine`;
  const kind = addressKind(host);
  return kind ? `${host} is ${kind} address` : undefined;
}
