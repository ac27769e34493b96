import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { inviteUser } from '../src/company/invitations';
import { accountTokens } from '../src/db/schema';
import { savePreferences } from '../src/notifications/preferences';
import { reminderMail } from '../src/standing-orders/reminder-mail';
import { operatorToken } from './support/admin-client';
import { integrationEnv } from './support/integration-client';
import { freshShopper, mailsTo, postUnsubscribe, unsubscribeToken } from './support/notification-helpers';
import { placeTestOrder } from './support/order-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { setClock } from './support/test-clock';
import { startTestServer, type TestServer } from './support/test-server';

const PATH = '/users/current/notificationpreferences';

describe('one-click unsubscribe (RFC 8058) in demo mode', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      env: { SHOP_URL: 'https://shop.meadowvale.example/', TEST_CLOCK_CONTROL: 'true', ...ON_DEMAND_OUTBOX, ...integrationEnv() },
    });
  });
  after(() => server.close());

  it('gives every order mail its own link in List-Unsubscribe and a footer, with List-Unsubscribe-Post, shown to operators', async () => {
    const user = await freshShopper(server, 'unsub-headers');
    const first = await placeTestOrder(server, user, [1]);
    const second = await placeTestOrder(server, user, [2]);
    await dispatch(server);
    const mails = await mailsTo(server, user.username);
    assert.equal(mails.length, 2);
    const tokens = mails.map((mail) => {
      const headers = mail.headers as Record<string, string>;
      assert.deepEqual(Object.keys(headers).sort(), ['List-Unsubscribe', 'List-Unsubscribe-Post', 'X-Request-Id', 'X-Trace-Id']);
      assert.equal(headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
      const token = unsubscribeToken(headers['List-Unsubscribe']);
      assert.equal(headers['List-Unsubscribe'], `<https://shop.meadowvale.example/unsubscribe/${token}/>`);
      assert.ok(mail.text.endsWith(`Stop order confirmation e-mails: https://shop.meadowvale.example/unsubscribe/${token}/\nChoose which e-mails you get: https://shop.meadowvale.example/account/notifications/`), mail.text);
      assert.ok(mail.html.includes(`<a href="https://shop.meadowvale.example/unsubscribe/${token}/">Stop order confirmation e-mails</a>`));
      assert.ok(mail.html.trimEnd().endsWith('</body></html>'), 'the footer goes inside the body');
      return token;
    });
    assert.notEqual(tokens[0], tokens[1], 'a token per mail');
    assert.ok(mails[0]?.subject.includes(first.code) && mails[1]?.subject.includes(second.code));
    // Only the hash is stored, with the kind it turns off.
    const stored = await server.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.userId));
    assert.deepEqual(stored.map((row) => [row.purpose, row.mailKind]), [['unsubscribe', 'orderConfirmation'], ['unsubscribe', 'orderConfirmation']]);
    assert.ok(stored.every((row) => !tokens.includes(row.tokenHash)));

    const operator = await operatorToken(server);
    const shown = (await (await server.request(`/admin/v1/mail/${mails[0]?.id}`, { token: operator })).json()) as { headers: Record<string, string> };
    assert.deepEqual(shown.headers, mails[0]?.headers);
  });

  it('turns that kind off for that user with one POST and no sign-in; the link works once; other kinds stay on', async () => {
    const user = await freshShopper(server, 'unsub-post');
    const other = await freshShopper(server, 'unsub-bystander');
    await placeTestOrder(server, user, [1]);
    await placeTestOrder(server, other, [1]);
    await dispatch(server);
    const [mail] = await mailsTo(server, user.username);
    const token = unsubscribeToken((mail?.headers as Record<string, string>)['List-Unsubscribe']);

    const about = async () => {
      const response = await server.request('/occ/v2/b2b/unsubscribe/link', { method: 'POST', body: JSON.stringify({ token }) });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    assert.deepEqual(await about(), { status: 200, body: { kind: 'orderConfirmation', email: user.username, used: false } }, 'what the link is for, before the click');
    assert.equal(((await user.call('GET', PATH, { scoped: false })).body as { orderConfirmation: boolean }).orderConfirmation, true, 'asking changes nothing');

    const done = await postUnsubscribe(server, { token });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.deepEqual(await about(), { status: 200, body: { kind: 'orderConfirmation', email: user.username, used: true } }, 'a used link says it is done');
    assert.deepEqual(done.body, { kind: 'orderConfirmation' });
    assert.deepEqual((await user.call('GET', PATH, { scoped: false })).body, {
      orderConfirmation: false,
      statusChanges: true,
      standingOrderReminders: true,
      cutoffReminders: true,
      approvalRequests: true,
      productChanges: true,
    });
    assert.equal(((await other.call('GET', PATH, { scoped: false })).body as { orderConfirmation: boolean }).orderConfirmation, true, 'nobody else is touched');

    const again = await postUnsubscribe(server, { token });
    assert.equal(again.status, 400);
    assert.deepEqual(again.body.errors?.[0], { type: 'UnsubscribeTokenError', reason: 'invalid', subject: 'token', message: 'This unsubscribe link has expired or was already used' });

    await placeTestOrder(server, user, [1]);
    await dispatch(server);
    assert.equal((await mailsTo(server, user.username)).length, 1, 'no confirmation is sent any more');
  });

  it('accepts the token as a form field too, and refuses unknown, malformed and expired tokens naming the token', async () => {
    const user = await freshShopper(server, 'unsub-refusals');
    await placeTestOrder(server, user, [1]);
    await placeTestOrder(server, user, [1]);
    await dispatch(server);
    const [first, second] = (await mailsTo(server, user.username)).map((mail) => unsubscribeToken((mail.headers as Record<string, string>)['List-Unsubscribe']));
    assert.ok(first && second);

    const unknown = await server.request('/occ/v2/b2b/unsubscribe/link', { method: 'POST', body: JSON.stringify({ token: 'x'.repeat(43) }) });
    assert.equal(unknown.status, 400, 'an unknown link is refused as the button would refuse it');
    for (const body of [{ token: 'x'.repeat(43) }, { token: '' }, {}, { token: 7 }, { token: first, extra: 1 }]) {
      const refused = await postUnsubscribe(server, body);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.ok(['token', 'body'].includes(refused.body.errors?.[0]?.subject ?? ''), JSON.stringify(refused.body));
    }
    // A year and a day later, the link of a mail no longer works.
    await setClock(server, new Date(Date.now() + 366 * 24 * 60 * 60 * 1000).toISOString());
    try {
      const expired = await postUnsubscribe(server, { token: first });
      assert.equal(expired.status, 400);
      assert.equal(expired.body.errors?.[0]?.subject, 'token');
    } finally {
      await setClock(server, null);
    }
    const form = await postUnsubscribe(server, new URLSearchParams({ token: second }).toString(), 'application/x-www-form-urlencoded');
    assert.equal(form.status, 200, JSON.stringify(form.body));
    assert.equal(form.body.kind, 'orderConfirmation');
  });

  it('lets exactly one of two racing POSTs of the same link through', async () => {
    const user = await freshShopper(server, 'unsub-race');
    await placeTestOrder(server, user, [1]);
    await dispatch(server);
    const [mail] = await mailsTo(server, user.username);
    const token = unsubscribeToken((mail?.headers as Record<string, string>)['List-Unsubscribe']);
    const answers = await Promise.all([postUnsubscribe(server, { token }), postUnsubscribe(server, { token })]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 400]);
  });

  it('never unsubscribes on a GET', async () => {
    const user = await freshShopper(server, 'unsub-get');
    await placeTestOrder(server, user, [1]);
    await dispatch(server);
    const [mail] = await mailsTo(server, user.username);
    const token = unsubscribeToken((mail?.headers as Record<string, string>)['List-Unsubscribe']);
    assert.equal((await server.request(`/occ/v2/b2b/unsubscribe?token=${token}`)).status, 404);
    assert.equal(((await user.call('GET', PATH, { scoped: false })).body as { orderConfirmation: boolean }).orderConfirmation, true);
    assert.equal((await postUnsubscribe(server, { token })).status, 200, 'the link still works');
  });

  it('sends security mails (an invitation) always, without unsubscribe headers or a token', async () => {
    const email = 'unsub-invited@example.com';
    const invitedId = await server.database.db.transaction((tx) =>
      inviteUser(tx, { email, name: 'Invited Cook', shipTos: ['0000410001'], roles: [] }, new Date(), server.app.mailTokenKey, { kind: 'import' }),
    );
    // Every kind turned off before the mail goes out: a security mail is of no kind.
    await savePreferences(server.database.db, invitedId, { orderConfirmation: false, statusChanges: false, standingOrderReminders: false, cutoffReminders: false, approvalRequests: false, productChanges: false });
    await dispatch(server);
    const [invitation] = await mailsTo(server, email);
    assert.ok(invitation);
    assert.deepEqual(invitation.headers, {});
    assert.ok(!invitation.text.includes('/unsubscribe/'));
    const tokens = await server.database.db.select().from(accountTokens).where(eq(accountTokens.userId, invitedId));
    assert.deepEqual(tokens.map((row) => row.purpose), ['invitation']);
  });

  it('lets the standing-order reminder be turned off as its own kind', () => {
    const data = {
      standingOrder: { code: 'SO-000001', name: 'Weekly dairy' },
      deliveryDate: '2026-12-03',
      movedFrom: null,
      cutoff: '2026-12-02T14:00:00+00:00',
      shipTo: { code: '0000410001', name: 'Solo Cafe' },
      recipient: { name: 'Sam', email: 'sam@example.com', userId: 42 },
      lines: [],
      unavailable: [],
      netPence: 0,
      vatPence: 0,
      grossPence: 0,
    };
    assert.deepEqual(reminderMail(data, 'https://shop.meadowvale.example').preference, { userId: 42, kind: 'standingOrderReminders' });
  });
});
