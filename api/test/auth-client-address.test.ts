import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseEnv } from '../src/config/env';
import { SIGN_IN_FAILURES } from '../src/auth/token-routes';
import { oauthPost, passwordForm } from './support/oauth-client';
import { startTestServer, type TestServer } from './support/test-server';

describe('TRUST_PROXY', () => {
  const trustOf = (value?: string) => parseEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('is a list of proxy addresses, CIDR ranges or named ranges; loopback (the storefront beside it) by default', () => {
    assert.deepEqual(trustOf(), ['loopback']);
    assert.deepEqual(trustOf('10.0.0.5, 10.1.0.0/16,fd00::/8 ,uniquelocal'), ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'uniquelocal']);
  });

  it('still reads true and false', () => {
    assert.equal(trustOf('true'), true);
    assert.equal(trustOf('false'), false);
  });

  it('refuses a hop count and anything that is not an address, naming the variable', () => {
    assert.throws(() => trustOf('1'), /TRUST_PROXY: a hop count cannot tell a proxy from a client/);
    assert.throws(() => trustOf('10.0.0.0/33'), /TRUST_PROXY: "10.0.0.0\/33" is not an IP address/);
    assert.throws(() => trustOf('proxy.internal'), /TRUST_PROXY: "proxy.internal" is not an IP address/);
  });
});

/** Sign-in tries at unknown names, each claiming a new forwarded address: counted per claim only if it is believed. */
async function rotatingClaims(server: TestServer, tries: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < tries; i++) {
    const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` };
    statuses.push((await oauthPost(server.url, 'token', passwordForm(`claim-${i}@example.com`, 'guess'), { headers })).status);
  }
  return statuses;
}

describe('whose forwarded address the API believes', () => {
  const servers: TestServer[] = [];
  before(async () => {
    const first = await startTestServer();
    servers.push(first);
    servers.push(await startTestServer({ env: { TRUST_PROXY: '192.0.2.10' }, database: first.database }));
  });
  after(async () => {
    await servers[1]?.app.close();
    await servers[0]?.close();
  });

  it('by default a proxy on this machine (the storefront) is believed: each forwarded address has its own allowance', async () => {
    const [local] = servers;
    assert.ok(local);
    const statuses = await rotatingClaims(local, SIGN_IN_FAILURES.limit + 5);
    assert.ok(statuses.every((status) => status === 400), statuses.join(','));
  });

  it('a client that is not a listed proxy cannot reset the limit by rotating X-Forwarded-For', async () => {
    const [, listed] = servers;
    assert.ok(listed);
    const statuses = await rotatingClaims(listed, SIGN_IN_FAILURES.limit + 5);
    assert.deepEqual(statuses.slice(0, SIGN_IN_FAILURES.limit), Array(SIGN_IN_FAILURES.limit).fill(400));
    assert.deepEqual(statuses.slice(SIGN_IN_FAILURES.limit), Array(5).fill(429));
  });
});
