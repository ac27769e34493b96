import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { basicAuth } from './support/oauth-client';
import { BASE, startTestServer, type TestServer } from './support/test-server';

describe('GET /users/current', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('returns the signed-in user with their ship-tos and ranges in order', async () => {
    const token = await server.tokenFor('multi@example.com');
    const response = await server.request(`${BASE}/users/current`, { token });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { username: string; customerId: string; shipTos: { code: string; soldTo: string; salesOrgs: { code: string }[] }[] };
    assert.equal(body.username, 'multi@example.com');
    assert.equal(body.customerId, 'C0001002');
    assert.deepEqual(
      body.shipTos.map((s) => [s.code, s.salesOrgs.map((o) => o.code)]),
      [
        ['0000410002', ['CHIL', 'DAIR']],
        ['0000410003', ['DAIR']],
        ['0000410004', ['CHIL']],
      ],
    );
  });

  it('has the docs/api.md fields, each ship-to with its sold-to and address, and no secret of the user', async () => {
    const token = await server.tokenFor('solo@example.com');
    const response = await server.request(`${BASE}/users/current`, { token });
    const body = (await response.json()) as Record<string, unknown> & { shipTos: Record<string, unknown>[] };
    assert.equal(body.username, 'solo@example.com');
    assert.equal(body.customerId, 'C0001001');
    assert.equal(body.name, 'Sam Okafor');
    assert.equal(typeof body.email, 'string');
    assert.equal(body.shipTos.length, 1);
    const [shipTo] = body.shipTos;
    assert.equal(shipTo?.code, '0000410001');
    assert.equal(typeof shipTo?.name, 'string');
    assert.equal(typeof shipTo?.soldTo, 'string');
    assert.deepEqual(Object.keys((shipTo?.address ?? {}) as object).sort(), ['line1', 'postalCode', 'town']);
    const text = JSON.stringify(body);
    assert.doesNotMatch(text, /argon2|passwordHash|failedLogins|lockedUntil/);
  });

  it('answers 401 with the invalid_token challenge without a token, with a bad, a client or a revoked token', async () => {
    const clientToken = await server.clientToken();
    const revoked = await server.tokenFor('solo@example.com');
    await fetch(`${server.url}/authorizationserver/oauth/revoke`, {
      method: 'POST',
      headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: revoked }).toString(),
    });
    for (const token of [undefined, 'not-a-token', clientToken, revoked]) {
      const response = await server.request(`${BASE}/users/current`, { token });
      assert.equal(response.status, 401);
      assert.equal(response.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
      const body = (await response.json()) as { errors: { type: string }[] };
      assert.equal(body.errors[0]?.type, 'InvalidTokenError');
    }
  });
});
