import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startChild, type Child } from './processes';

export interface Backend {
  name: string;
  url: string;
}

/** HAProxy from the distribution; `.ci/run` installs it when missing. */
export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/**
 * One HAProxy in front of each tier, round robin per request (HTTP mode balances every request, not every
 * connection), adding `X-Forwarded-For` and naming the process that answered in `X-Served-By`, so a test can
 * see that consecutive requests land on different processes.
 */
export function haproxyConfig(tiers: { name: string; port: number; backends: Backend[]; check?: string }[]): string {
  const lines = ['defaults', '  mode http', '  timeout connect 5s', '  timeout client 120s', '  timeout server 120s', '  option forwardfor', ''];
  for (const tier of tiers) {
    lines.push(`frontend ${tier.name}_in`, `  bind 127.0.0.1:${tier.port}`, `  default_backend ${tier.name}`, '');
    lines.push(`backend ${tier.name}`, '  balance roundrobin', '  http-response set-header X-Served-By %s');
    if (tier.check) lines.push(`  option httpchk GET ${tier.check}`);
    for (const backend of tier.backends) {
      lines.push(`  server ${backend.name} ${new URL(backend.url).host}${tier.check ? ' check inter 1s' : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

export function startHaproxy(dir: string, config: string): Child {
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  return startChild(HAPROXY, ['-db', '-f', file], { cwd: dir, env: process.env });
}
