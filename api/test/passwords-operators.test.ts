import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { after, before, describe, it } from 'node:test';
import { issueToken } from '../src/account-tokens/account-tokens';
import { operators } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { createOperator, operatorSignIn, operatorToken } from './support/admin-client';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { createUser, errorOf, linkIn, mailsTo, NEW_PASSWORD, postJson } from './support/password-helpers';
import { BASE, startTestServer, type TestServer } from './support/test-server';

describe('operators\' forgot and reset (/admin/v1, docs/people.md "Passwords")', () => {
  let server: TestServer;
  let address = 0;
  const fresh = () => ({ 'x-forwarded-for': `10.5.${(address += 1) >> 8}.${address & 255}` });
  before(async () => {
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX, TRUST_PROXY: 'true', SHOP_URL: 'https://shop.example.test' } });
  });
  after(() => server.close());

  const forgot = (email: string) => postJson(server, '/admin/v1/forgottenpasswordtokens', { userId: email }, { headers: fresh() });

  it('mails an operator a link to the back office\'s page; the reset ends their sessions and the new password signs in', async () => {
    const email = await createOperator(server, 'customerService');
    const before = await operatorToken(server, email);
    const answer = await forgot(email);
    assert.equal(answer.status, 202);
    assert.deepEqual(await answer.json(), { status: 'accepted' });
    await dispatch(server);
    const link = await linkIn(server, email);
    assert.equal(link.path, '/admin/login/reset-password/');
    const validated = (await (await postJson(server, '/admin/v1/validatetoken', { token: link.token })).json()) as { purpose: string };
    assert.equal(validated.purpose, 'operatorReset');
    // A customer page cannot use an operator's link, nor the reverse.
    assert.equal((await postJson(server, `${BASE}/validatetoken`, { token: link.token })).status, 400);
    assert.equal((await postJson(server, '/admin/v1/resetpassword', { token: link.token, newPassword: 'short' })).status, 400);
    assert.equal((await postJson(server, '/admin/v1/resetpassword', { token: link.token, newPassword: NEW_PASSWORD })).status, 200);
    assert.equal((await server.request('/admin/v1/operators/current', { token: before })).status, 401);
    assert.equal((await operatorSignIn(server, email, DEMO_PASSWORD)).status, 400);
    assert.equal((await operatorSignIn(server, email, NEW_PASSWORD)).status, 200);
    assert.equal((await postJson(server, '/admin/v1/resetpassword', { token: link.token, newPassword: `${NEW_PASSWORD}!` })).status, 400);
  });

  it('answers unknown and disabled operators, and customers\' addresses, the same, mailing none of them', async () => {
    const active = await createOperator(server, 'admin');
    const disabled = await createOperator(server, 'admin', 'disabled');
    const customer = await createUser(server);
    const unknown = `nobody-${Date.now()}@meadowvale.example`;
    const answers = [];
    for (const email of [active, disabled, customer.email, unknown]) {
      const response = await forgot(email);
      answers.push(`${response.status} ${await response.text()}`);
    }
    assert.equal(new Set(answers).size, 1);
    await dispatch(server);
    assert.equal((await mailsTo(server, active)).length, 1);
    for (const email of [disabled, customer.email, unknown]) assert.equal((await mailsTo(server, email)).length, 0, email);
  });

  it('an operator invitation is accepted through /admin/v1/resetpassword', async () => {
    const email = await createOperator(server, 'customerService');
    const [operator] = await server.database.db.select({ id: operators.id }).from(operators).where(eq(operators.email, email));
    assert.ok(operator);
    const { token } = await issueToken(server.database.db, 'operatorInvitation', { operatorId: operator.id }, new Date());
    const validated = (await (await postJson(server, '/admin/v1/validatetoken', { token })).json()) as { purpose: string };
    assert.equal(validated.purpose, 'operatorInvitation');
    assert.equal((await postJson(server, '/admin/v1/resetpassword', { token, newPassword: NEW_PASSWORD })).status, 200);
    assert.equal((await operatorSignIn(server, email, NEW_PASSWORD)).status, 200);
  });

  it('a customer\'s link opens nothing here', async () => {
    const user = await createUser(server);
    await postJson(server, `${BASE}/forgottenpasswordtokens`, { userId: user.email }, { headers: fresh() });
    await dispatch(server);
    const { token } = await linkIn(server, user.email);
    assert.deepEqual(await errorOf(await postJson(server, '/admin/v1/resetpassword', { token, newPassword: NEW_PASSWORD })), {
      status: 400,
      type: 'InvalidTokenError',
      reason: 'tokenInvalid',
      subject: 'token',
      message: 'This link is invalid or has expired',
    });
  });
});
