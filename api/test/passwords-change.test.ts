import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DUMMY_HASH, verifyPassword } from '../src/auth/passwords';
import { inviteUser } from '../src/company/invitations';
import { refusePassword } from '../src/passwords/policy';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { oauthPost, passwordForm } from './support/oauth-client';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { createUser, errorOf, linkIn, mailsTo, NEW_PASSWORD, postJson } from './support/password-helpers';
import { BASE, startTestServer, type TestServer } from './support/test-server';

describe('PUT /users/current/password (docs/people.md "Passwords")', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX, TRUST_PROXY: 'true' } });
  });
  after(() => server.close());

  const signIn = (email: string, password: string, address = '10.4.0.1') => oauthPost(server.url, 'token', passwordForm(email, password), { headers: { 'x-forwarded-for': address } });
  const tokenOf = async (email: string, password = DEMO_PASSWORD) => {
    const answer = await signIn(email, password);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return String(answer.body.access_token);
  };
  const change = (token: string, body: unknown, address = '10.4.0.1') =>
    server.request(`${BASE}/users/current/password`, { method: 'PUT', token, body: JSON.stringify(body), headers: { 'x-forwarded-for': address } });

  it('changes the password: this session stays, the others end, the new password signs in and the old does not', async () => {
    const user = await createUser(server);
    const here = await tokenOf(user.email);
    const elsewhere = await tokenOf(user.email);
    const answer = await change(here, { old: DEMO_PASSWORD, new: NEW_PASSWORD });
    assert.equal(answer.status, 200);
    assert.equal((await server.request(`${BASE}/users/current`, { token: here })).status, 200);
    assert.equal((await server.request(`${BASE}/users/current`, { token: elsewhere })).status, 401);
    assert.equal((await signIn(user.email, DEMO_PASSWORD)).status, 400);
    assert.equal((await signIn(user.email, NEW_PASSWORD)).status, 200);
  });

  it('a wrong current password is 400 naming old, and counts towards the lock sign-in uses', async () => {
    const user = await createUser(server);
    const token = await tokenOf(user.email);
    const wrong = await change(token, { old: 'not-my-password', new: NEW_PASSWORD }, '10.4.1.1');
    assert.deepEqual(await errorOf(wrong), { status: 400, type: 'PasswordError', reason: 'wrongPassword', subject: 'old', message: 'Current password is wrong' });
    for (let i = 0; i < 4; i++) assert.equal((await change(token, { old: 'not-my-password', new: NEW_PASSWORD }, '10.4.1.1')).status, 400);
    // Five wrong tries from this address: the sixth is refused unchecked, even with the right password, and so is sign-in.
    assert.deepEqual(await errorOf(await change(token, { old: DEMO_PASSWORD, new: NEW_PASSWORD }, '10.4.1.1')), {
      status: 400,
      type: 'PasswordError',
      reason: 'locked',
      subject: 'old',
      message: 'Account Locked',
    });
    assert.deepEqual((await signIn(user.email, DEMO_PASSWORD, '10.4.1.1')).body, { error: 'invalid_grant', error_description: 'Account Locked' });
  });

  it('refuses a new password the policy refuses, naming new, and keeps the old one', async () => {
    const user = await createUser(server, { name: 'Rosalind Quayside' });
    const token = await tokenOf(user.email);
    for (const [password, reason] of [
      ['too-short', 'passwordTooShort'],
      [user.email, 'passwordIsEmail'],
      ['iloveyou1234', 'passwordTooCommon'],
      ['rosalindquayside', 'passwordTooCommon'],
    ] as const) {
      const answer = await errorOf(await change(token, { old: DEMO_PASSWORD, new: password }));
      assert.deepEqual([answer.status, answer.subject, answer.reason], [400, 'new', reason], password);
    }
    assert.equal((await signIn(user.email, DEMO_PASSWORD)).status, 200);
  });

  it('refuses the current password as new; a change voids a reset link sent before and mails "your password was changed"', async () => {
    const user = await createUser(server);
    const token = await tokenOf(user.email);
    const same = await errorOf(await change(token, { old: DEMO_PASSWORD, new: DEMO_PASSWORD }));
    assert.deepEqual([same.status, same.subject, same.reason, same.message], [400, 'new', 'passwordUnchanged', 'This is your current password; choose a new one']);

    assert.equal((await postJson(server, `${BASE}/forgottenpasswordtokens`, { userId: user.email }, { headers: { 'x-forwarded-for': '10.4.2.1' } })).status, 202);
    await dispatch(server);
    const link = await linkIn(server, user.email);
    assert.equal((await change(token, { old: DEMO_PASSWORD, new: NEW_PASSWORD })).status, 200);
    assert.equal((await postJson(server, `${BASE}/validatetoken`, { token: link.token })).status, 400, 'the reset link asked for before the change opens nothing');
    assert.equal((await postJson(server, `${BASE}/resetpassword`, { token: link.token, newPassword: 'Quayside-butter-churn-77' })).status, 400);
    assert.equal((await signIn(user.email, NEW_PASSWORD)).status, 200);

    await dispatch(server);
    const [mail] = await mailsTo(server, user.email);
    assert.equal(mail?.subject, 'Your Meadowvale Foods password was changed');
    assert.match(mail?.text ?? '', /Forgot your password\?/);
  });

  it('needs a signed-in user, and both fields', async () => {
    assert.equal((await change('not-a-token', { old: DEMO_PASSWORD, new: NEW_PASSWORD })).status, 401);
    const user = await createUser(server);
    const token = await tokenOf(user.email);
    for (const [body, subject] of [
      [{ new: NEW_PASSWORD }, 'old'],
      [{ old: DEMO_PASSWORD }, 'new'],
    ] as const) {
      assert.deepEqual(await errorOf(await change(token, body)).then((error) => [error.status, error.subject]), [400, subject]);
    }
  });
});

describe('an invited user who has set no password yet', () => {
  const checked: string[] = [];
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      checkPassword: async (hash, password) => {
        checked.push(hash);
        return verifyPassword(hash, password);
      },
    });
  });
  after(() => server.close());

  it('is refused at sign-in after one argon2 check of the dummy hash, as an unknown name is', async () => {
    const email = `pending-${Date.now()}@example.com`;
    await server.database.db.transaction((tx) => inviteUser(tx, { email, name: 'Pen Ding', shipTos: ['0000410001'], roles: [] }, new Date(), server.app.mailTokenKey, { kind: 'import' }));
    const answer = await oauthPost(server.url, 'token', passwordForm(email, '!'));
    assert.deepEqual(answer.body, { error: 'invalid_grant', error_description: 'Bad credentials' });
    assert.deepEqual(checked, [DUMMY_HASH]);
  });
});

describe('the password policy (passwords/policy.ts)', () => {
  it('judges hostile 256-character passwords in well under the seconds they would take whole, and refuses long repeats', () => {
    const repeats = ['ab1!'.repeat(64), '1234567890'.repeat(25) + '123456', 'é'.repeat(256)];
    for (const password of [...repeats, '@4$5!1|0'.repeat(32)]) {
      const started = performance.now();
      const refused = refusePassword(password, { email: 'x@example.com' });
      const took = performance.now() - started;
      // Whole, the first took 3 s and a 256-character sequence 12 s on the same machine.
      assert.ok(took < 2000, `${password.slice(0, 8)}… took ${took.toFixed(0)} ms`);
      if (repeats.includes(password)) assert.deepEqual(refused, { kind: 'passwordTooCommon' }, password.slice(0, 8));
    }
    assert.equal(refusePassword('Marmalade-on-the-quayside-42', { email: 'x@example.com' }), undefined);
    assert.equal(refusePassword(DEMO_PASSWORD, { email: 'x@example.com' }), undefined);
  });

  it('refuses the holder\'s own name or address repeated, whole or in parts', () => {
    const holder = { email: 'probe.user@example.com', name: 'Probe User' };
    for (const password of ['ProbeUserProbeUser', 'probeuserprobeuser', 'UserProbeUserProbe', 'probe.userprobe.user']) {
      assert.deepEqual(refusePassword(password, holder), { kind: 'passwordTooCommon' }, password);
    }
    assert.deepEqual(refusePassword('PriyaShahPriyaShah', { email: 'p1@example.com', name: 'Priya Shah' }), { kind: 'passwordTooCommon' });
    assert.equal(refusePassword('Marmalade-on-the-quayside-42', holder), undefined);
  });
});
