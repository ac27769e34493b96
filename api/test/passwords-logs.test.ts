import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { loggerOptions } from '../src/operations/logger';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { createUser, forgot, linkIn, NEW_PASSWORD, postJson } from './support/password-helpers';
import { BASE, startTestServer, type TestServer } from './support/test-server';

/** No token, password or link with a token in any log line (docs/people.md "Passwords"). */
describe('password resets leave no secret in the log', () => {
  let server: TestServer;
  let log = '';
  before(async () => {
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX }, logger: loggerOptions('debug', 'json', out) });
  });
  after(() => server.close());

  it('logs the requests of a whole reset without the token, the link or either password', async () => {
    const user = await createUser(server);
    await forgot(server, user.email);
    await dispatch(server);
    const { token } = await linkIn(server, user.email);
    await postJson(server, `${BASE}/validatetoken`, { token });
    await postJson(server, `${BASE}/resetpassword`, { token, newPassword: 'password1234' });
    await postJson(server, `${BASE}/resetpassword`, { token, newPassword: NEW_PASSWORD });
    const signedIn = await server.tokenFor(user.email, NEW_PASSWORD);
    await server.request(`${BASE}/users/current/password`, { method: 'PUT', token: signedIn, body: JSON.stringify({ old: 'wrong-old-password', new: `${NEW_PASSWORD}-2` }) });
    assert.ok(log.includes('/resetpassword'), 'the requests were logged');
    for (const secret of [token, encodeURIComponent(token), NEW_PASSWORD, 'password1234', 'wrong-old-password', 'reset-password/?token']) {
      assert.ok(!log.includes(secret), `the log holds ${secret.slice(0, 12)}…`);
    }
  });
});
