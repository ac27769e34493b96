import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { after, before, describe, it } from 'node:test';
import { inviteUser } from '../src/company/invitations';
import { users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { oauthPost, passwordForm } from './support/oauth-client';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { createUser, errorOf, forgot, linkIn, mailsTo, NEW_PASSWORD, postJson } from './support/password-helpers';
import { setClock } from './support/test-clock';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const signIn = (server: TestServer, email: string, password: string, address = '10.1.0.1') =>
  oauthPost(server.url, 'token', passwordForm(email, password), { headers: { 'x-forwarded-for': address } });

describe('forgotten passwords and reset links (docs/people.md "Passwords")', () => {
  let server: TestServer;
  let address = 0;
  /** A fresh client address per request keeps the per-address limits out of tests that are not about them. */
  const fresh = () => ({ 'x-forwarded-for': `10.2.${(address += 1) >> 8}.${address & 255}` });
  before(async () => {
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX, TRUST_PROXY: 'true', TEST_CLOCK_CONTROL: 'true', SHOP_URL: 'https://shop.example.test' } });
  });
  after(() => server.close());

  it('mails a known user a single-use link to the shop; the reset ends every session and the new password signs in', async () => {
    const user = await createUser(server);
    const before = await server.tokenFor(user.email);
    const answer = await forgot(server, user.email.toUpperCase(), fresh());
    assert.equal(answer.status, 202);
    assert.deepEqual(await answer.json(), { status: 'accepted' });
    await dispatch(server);
    const link = await linkIn(server, user.email);
    assert.equal(link.path, '/login/reset-password/');
    assert.match(link.text, /https:\/\/shop\.example\.test\/login\/reset-password\/\?token=/);

    const validated = await postJson(server, `${BASE}/validatetoken`, { token: link.token });
    assert.equal(validated.status, 200);
    const body = (await validated.json()) as { valid: boolean; expiresAt: string; purpose: string };
    assert.equal(body.valid, true);
    assert.equal(body.purpose, 'reset');
    const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    assert.ok(minutes > 58 && minutes <= 60, `expires in ${minutes} minutes`);

    const reset = await postJson(server, `${BASE}/resetpassword`, { token: link.token, newPassword: NEW_PASSWORD });
    assert.equal(reset.status, 200);
    assert.equal((await server.request(`${BASE}/users/current`, { token: before })).status, 401);
    assert.equal((await signIn(server, user.email, DEMO_PASSWORD)).status, 400);
    assert.equal((await signIn(server, user.email, NEW_PASSWORD)).status, 200);

    const again = await postJson(server, `${BASE}/resetpassword`, { token: link.token, newPassword: `${NEW_PASSWORD}-again` });
    assert.deepEqual(await errorOf(again), { status: 400, type: 'InvalidTokenError', reason: 'tokenInvalid', subject: 'token', message: 'This link is invalid or has expired' });
    assert.equal((await postJson(server, `${BASE}/validatetoken`, { token: link.token })).status, 400);
  });

  it('answers unknown, disabled and locked addresses exactly as known ones; only active users get a mail, locked ones too', async () => {
    const known = await createUser(server);
    const disabled = await createUser(server, { status: 'disabled' });
    const locked = await createUser(server);
    for (let i = 0; i < 6; i++) await signIn(server, locked.email, 'wrong-password-here', '10.3.0.1');
    assert.deepEqual((await signIn(server, locked.email, DEMO_PASSWORD, '10.3.0.1')).body, { error: 'invalid_grant', error_description: 'Account Locked' });
    const unknown = `nobody-${Date.now()}@example.com`;

    const answers = [];
    for (const email of [known.email, unknown, disabled.email, locked.email]) {
      const response = await forgot(server, email, fresh());
      answers.push({ status: response.status, body: await response.text(), cache: response.headers.get('cache-control') });
    }
    assert.equal(new Set(answers.map((answer) => JSON.stringify(answer))).size, 1, JSON.stringify(answers));
    await dispatch(server);
    assert.equal((await mailsTo(server, known.email)).length, 1);
    assert.equal((await mailsTo(server, unknown)).length, 0);
    assert.equal((await mailsTo(server, disabled.email)).length, 0);

    // The reset lifts the lock, from the address that locked it too.
    const link = await linkIn(server, locked.email);
    assert.equal((await postJson(server, `${BASE}/resetpassword`, { token: link.token, newPassword: NEW_PASSWORD })).status, 200);
    assert.equal((await signIn(server, locked.email, NEW_PASSWORD, '10.3.0.1')).status, 200);
  });

  it('a form body works as JSON does; no address at all is 400 naming userId', async () => {
    const user = await createUser(server);
    const form = await server.request(`${BASE}/forgottenpasswordtokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...fresh() },
      body: new URLSearchParams({ userId: user.email }).toString(),
    });
    assert.equal(form.status, 202);
    await dispatch(server);
    assert.equal((await mailsTo(server, user.email)).length, 1);
    const missing = await postJson(server, `${BASE}/forgottenpasswordtokens`, {}, { headers: fresh() });
    assert.equal((await errorOf(missing)).subject, 'userId');
    assert.equal(missing.status, 400);
  });

  it('refuses short, over-long, common and e-mail passwords naming newPassword, and the link still works after', async () => {
    const user = await createUser(server);
    await forgot(server, user.email, fresh());
    await dispatch(server);
    const { token } = await linkIn(server, user.email);
    const refusals = [
      ['short-pw-1', 'Use at least 12 characters'],
      ['x'.repeat(200) + 'é'.repeat(57), 'Use at most 256 characters'],
      [user.email.toUpperCase(), 'Do not use your e-mail address as your password'],
      ['password1234', 'This password is too common or has been in a data breach; choose another'],
      ['qwertyuiop123', 'This password is too common or has been in a data breach; choose another'],
      ['aaaaaaaaaaaaaaaa', 'This password is too common or has been in a data breach; choose another'],
    ] as const;
    for (const [newPassword, message] of refusals) {
      const answer = await postJson(server, `${BASE}/resetpassword`, { token, newPassword });
      assert.deepEqual(await errorOf(answer), { status: 400, type: 'PasswordError', reason: (await errorReason(message)), subject: 'newPassword', message }, newPassword);
    }
    // Any characters count once each: twelve of them, some outside the BMP, is long enough.
    assert.equal((await postJson(server, `${BASE}/resetpassword`, { token, newPassword: 'Grün-Tee 🍵 und Käse' })).status, 200);
  });

  it('a second request voids the first link; a link expires after 60 minutes by the clock', async () => {
    const user = await createUser(server);
    await forgot(server, user.email, fresh());
    await dispatch(server);
    const first = await linkIn(server, user.email);
    await forgot(server, user.email, fresh());
    await dispatch(server);
    const second = await linkIn(server, user.email);
    assert.notEqual(first.token, second.token);
    assert.equal((await postJson(server, `${BASE}/validatetoken`, { token: first.token })).status, 400);
    assert.equal((await postJson(server, `${BASE}/validatetoken`, { token: second.token })).status, 200);
    try {
      await setClock(server, new Date(Date.now() + 59 * 60_000).toISOString());
      assert.equal((await postJson(server, `${BASE}/validatetoken`, { token: second.token })).status, 200);
      await setClock(server, new Date(Date.now() + 61 * 60_000).toISOString());
      assert.equal((await postJson(server, `${BASE}/validatetoken`, { token: second.token })).status, 400);
      assert.equal((await errorOf(await postJson(server, `${BASE}/resetpassword`, { token: second.token, newPassword: NEW_PASSWORD }))).subject, 'token');
    } finally {
      await setClock(server, null);
    }
  });

  it('sends at most three mails an hour to one address, answering the same', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 5; i++) assert.equal((await forgot(server, user.email, fresh())).status, 202);
    await dispatch(server);
    assert.equal((await mailsTo(server, user.email)).length, 3);
  });

  it('a disabled user\'s link opens nothing, though it was sent while they were active', async () => {
    const user = await createUser(server);
    await forgot(server, user.email, fresh());
    await dispatch(server);
    const { token } = await linkIn(server, user.email);
    await server.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    assert.equal((await postJson(server, `${BASE}/validatetoken`, { token })).status, 400);
    assert.equal((await postJson(server, `${BASE}/resetpassword`, { token, newPassword: NEW_PASSWORD })).status, 400);
  });

  it('refuses the current password as the new one; a reset mails "your password was changed", accepting an invitation does not', async () => {
    const user = await createUser(server);
    await forgot(server, user.email, fresh());
    await dispatch(server);
    const link = await linkIn(server, user.email);
    const same = await postJson(server, `${BASE}/resetpassword`, { token: link.token, newPassword: DEMO_PASSWORD });
    assert.deepEqual(await errorOf(same), { status: 400, type: 'PasswordError', reason: 'passwordUnchanged', subject: 'newPassword', message: 'This is your current password; choose a new one' });
    assert.equal((await postJson(server, `${BASE}/resetpassword`, { token: link.token, newPassword: NEW_PASSWORD })).status, 200, 'the link still works');
    await dispatch(server);
    const [changed] = await mailsTo(server, user.email);
    assert.equal(changed?.subject, 'Your Meadowvale Foods password was changed');
    assert.match(changed?.text ?? '', new RegExp(`account ${user.email.replace(/[.+]/g, '\\$&')} was changed on `));
    assert.match(changed?.text ?? '', /https:\/\/shop\.example\.test\/login\/forgot-password\//);

    const email = `first-${Date.now()}@example.com`;
    await server.database.db.transaction((tx) => inviteUser(tx, { email, name: 'Ivy Firsttime', shipTos: ['0000410001'], roles: [] }, new Date(), server.app.mailTokenKey, { kind: 'import' }));
    await dispatch(server);
    assert.equal((await postJson(server, `${BASE}/resetpassword`, { token: (await linkIn(server, email)).token, newPassword: NEW_PASSWORD })).status, 200);
    await dispatch(server);
    assert.deepEqual((await mailsTo(server, email)).map((mail) => mail.subject), ['You are invited to order from Meadowvale Foods'], 'a first password is no change');
  });

  it('accepting an invitation is a reset with its token: "invitation", then the user signs in', async () => {
    const email = `invited-${Date.now()}@example.com`;
    await server.database.db.transaction((tx) => inviteUser(tx, { email, name: 'Ivy Newcomer', shipTos: ['0000410001'], roles: [] }, new Date(), server.app.mailTokenKey, { kind: 'import' }));
    await dispatch(server);
    const link = await linkIn(server, email);
    assert.equal(link.path, '/login/reset-password/');
    const validated = (await (await postJson(server, `${BASE}/validatetoken`, { token: link.token })).json()) as { purpose: string };
    assert.equal(validated.purpose, 'invitation');
    assert.equal((await signIn(server, email, NEW_PASSWORD)).status, 400);
    assert.equal((await postJson(server, `${BASE}/resetpassword`, { token: link.token, newPassword: NEW_PASSWORD })).status, 200);
    assert.equal((await signIn(server, email, NEW_PASSWORD)).status, 200);
    const [row] = await server.database.db.select({ lastSignInAt: users.lastSignInAt }).from(users).where(eq(users.username, email));
    assert.ok(row?.lastSignInAt && Date.now() - row.lastSignInAt.getTime() < 60_000, 'last sign-in recorded');
  });

  it('refuses bad input with 400 naming the field, and never a 5xx', async () => {
    for (const [path, body, subject] of [
      ['validatetoken', {}, 'token'],
      ['validatetoken', { token: 'x'.repeat(600) }, 'token'],
      ['resetpassword', { token: 'abc' }, 'newPassword'],
      ['resetpassword', { token: 'abc', newPassword: 'Marmalade-on-the-quayside-42' }, 'token'],
      ['forgottenpasswordtokens', { userId: 7 }, 'userId'],
    ] as const) {
      const answer = await postJson(server, `${BASE}/${path}`, body, { headers: fresh() });
      assert.deepEqual([answer.status, (await errorOf(answer)).subject], [400, subject], `${path} ${JSON.stringify(body)}`);
    }
  });
});

/** The reason is the problem's kind, as the catalogue answers it. */
async function errorReason(message: string): Promise<string> {
  if (message.startsWith('Use at least')) return 'passwordTooShort';
  if (message.startsWith('Use at most')) return 'passwordTooLong';
  if (message.startsWith('Do not use')) return 'passwordIsEmail';
  return 'passwordTooCommon';
}
