import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { SIGN_IN_LOCK } from '../src/auth/sign-in-limits';
import { operators, signInAttempts } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { ADMIN_EMAIL, createOperator, operatorSignIn, operatorToken } from './support/admin-client';
import { basicAuth } from './support/oauth-client';
import { startTestServer, type TestServer } from './support/test-server';

const ERP = { id: 'erp-admin-auth', secret: 'erp-secret-0123456789abcdef', scopes: ['orders:status'] };

describe('operator sign-in and the /admin/v1 guard', () => {
  let server: TestServer;
  const from = (address: string) => ({ 'x-forwarded-for': address });
  before(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true', INTEGRATION_CLIENTS: JSON.stringify([ERP]) } });
  });
  after(() => server.close());

  it('signs the demo operator in and answers who they are', async () => {
    const token = await operatorToken(server);
    const response = await server.request('/admin/v1/operators/current', { token });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { email: ADMIN_EMAIL, name: 'Alex Admin', role: 'admin' });
  });

  it('refuses customer tokens and storefront client tokens with 403, no token and unknown tokens with 401', async () => {
    const customer = await server.tokenFor('solo@example.com');
    const client = await server.clientToken();
    for (const token of [customer, client]) {
      const response = await server.request('/admin/v1/operators/current', { token });
      assert.equal(response.status, 403);
      const body = (await response.json()) as { errors: { type: string }[] };
      assert.equal(body.errors[0]?.type, 'ForbiddenError');
    }
    assert.equal((await server.request('/admin/v1/operators/current')).status, 401);
    assert.equal((await server.request('/admin/v1/operators/current', { token: 'not-a-token' })).status, 401);
  });

  it('an operator token does not open customer routes', async () => {
    const token = await operatorToken(server);
    assert.equal((await server.request('/occ/v2/b2b/users/current', { token })).status, 401);
  });

  it('only the storefront server may sign operators in', async () => {
    const response = await server.request('/admin/v1/auth/token', { method: 'POST', body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }) });
    assert.equal(response.status, 401);
    const wrongSecret = await server.request('/admin/v1/auth/token', {
      method: 'POST',
      headers: { authorization: basicAuth({ id: 'storefront', secret: 'wrong-secret-0123456789' }) },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    assert.equal(wrongSecret.status, 401);
    const integrationClient = await server.request('/admin/v1/auth/token', {
      method: 'POST',
      headers: { authorization: basicAuth(ERP) },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    assert.equal(integrationClient.status, 401, 'an integration client is confidential but never signs operators in');
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const response = await operatorSignIn(server, '', 'x');
    assert.equal(response.status, 400);
    const body = (await response.json()) as { errors: { subject: string }[] };
    assert.equal(body.errors[0]?.subject, 'email');
  });

  it(`locks an operator after ${SIGN_IN_LOCK.perAccountAndAddress} wrong passwords, the right one included, as for customers`, async () => {
    const email = await createOperator(server, 'customerService');
    for (let attempt = 1; attempt <= SIGN_IN_LOCK.perAccountAndAddress; attempt++) {
      const wrong = await operatorSignIn(server, email, `wrong-${attempt}`, from('198.51.100.40'));
      assert.equal(wrong.status, 400);
      assert.match(JSON.stringify(await wrong.json()), /Bad credentials/);
    }
    const locked = await operatorSignIn(server, email, DEMO_PASSWORD, from('198.51.100.40'));
    assert.match(JSON.stringify(await locked.json()), /Account Locked/);
    await server.database.db.update(signInAttempts).set({ windowEndsAt: sql`now() - interval '1 second'` });
    assert.equal((await operatorSignIn(server, email, DEMO_PASSWORD, from('198.51.100.40'))).status, 200);
  });

  it('refuses a disabled operator, and their live tokens stop working', async () => {
    const email = await createOperator(server, 'customerService');
    const token = await operatorToken(server, email);
    await server.database.db.update(operators).set({ status: 'disabled' }).where(eq(operators.email, email));
    const refused = await operatorSignIn(server, email, DEMO_PASSWORD, from('198.51.100.41'));
    assert.match(JSON.stringify(await refused.json()), /User is disabled/);
    assert.equal((await server.request('/admin/v1/operators/current', { token })).status, 401);
  });

  it('sign-out revokes the token at once', async () => {
    const token = await operatorToken(server);
    const revoked = await server.request('/admin/v1/auth/revoke', { method: 'POST', headers: { authorization: basicAuth() }, body: JSON.stringify({ token }) });
    assert.equal(revoked.status, 204);
    assert.equal((await server.request('/admin/v1/operators/current', { token })).status, 401);
  });
});
