import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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

  it('answers 401 with the invalid_token challenge without a token, with a bad one, and with a client token', async () => {
    const clientToken = await server.clientToken();
    for (const token of [undefined, 'not-a-token', clientToken]) {
      const response = await server.request(`${BASE}/users/current`, { token });
      assert.equal(response.status, 401);
      assert.equal(response.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
      const body = (await response.json()) as { errors: { type: string }[] };
      assert.equal(body.errors[0]?.type, 'InvalidTokenError');
    }
  });
});
