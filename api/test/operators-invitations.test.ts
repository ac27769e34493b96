import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { findValidToken } from '../src/account-tokens/account-tokens';
import { auditLog, mailMessages, outboxMessages } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { ADMIN_EMAIL, createOperator, operatorSignIn, operatorToken } from './support/admin-client';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { startTestServer, type TestServer } from './support/test-server';

const SHOP = 'https://shop.meadowvale.example';

interface OperatorEntry {
  id: number;
  email: string;
  name: string;
  role: string;
  status: string;
  passwordSet: boolean;
  invitationExpiresAt: string | null;
}

const uniqueEmail = (what: string) => `${what}-${Math.random().toString(36).slice(2, 10)}@meadowvale.example`;

describe('operator invitations (/admin/v1/operators)', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer({ env: { ...ON_DEMAND_OUTBOX, SHOP_URL: SHOP } });
    admin = await operatorToken(server);
  });
  after(() => server.close());

  const call = (path: string, token: string, init: RequestInit = {}) => server.request(`/admin/v1${path}`, { token, ...init });
  const invite = (token: string, body: unknown) => call('/operators', token, { method: 'POST', body: JSON.stringify(body) });

  /** The link in the newest mail to `email`, once the outbox has delivered it. */
  async function mailedLink(email: string): Promise<string> {
    await dispatch(server);
    const [mail] = await server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email)).orderBy(desc(mailMessages.id)).limit(1);
    assert.ok(mail, `a mail to ${email}`);
    const link = /https:\S+/.exec(mail.text)?.[0];
    assert.ok(link, 'the mail has a link');
    return link;
  }

  it('an admin invites an operator: 201, listed with a pending invitation, mailed a single set-password link; no password yet', async () => {
    const email = uniqueEmail('new');
    const response = await invite(admin, { email: email.toUpperCase(), name: 'Nia New', role: 'customerService' });
    assert.equal(response.status, 201);
    const invited = (await response.json()) as OperatorEntry;
    assert.equal(invited.email, email);
    assert.deepEqual([invited.role, invited.status, invited.passwordSet], ['customerService', 'active', false]);
    assert.ok(invited.invitationExpiresAt);
    const days = (Date.parse(invited.invitationExpiresAt) - server.app.clock().getTime()) / 86_400_000;
    assert.ok(days > 6.99 && days <= 7, `7 days, got ${days}`);

    const list = (await (await call('/operators', admin)).json()) as { operators: OperatorEntry[] };
    assert.equal(list.operators.find((entry) => entry.email === email)?.invitationExpiresAt, invited.invitationExpiresAt);
    assert.equal(list.operators.find((entry) => entry.email === ADMIN_EMAIL)?.passwordSet, true);

    const link = await mailedLink(email);
    assert.match(link, /^https:\/\/shop\.meadowvale\.example\/admin\/login\/reset-password\/\?token=[\w-]{43}$/);
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    const valid = await findValidToken(server.database.db, token, ['operatorInvitation'], server.app.clock());
    assert.equal(valid?.operatorId, invited.id);
    // The outbox keeps the payload; the token in it is sealed, never in the clear.
    const events = await server.database.db.select({ payload: outboxMessages.payload }).from(outboxMessages).where(eq(outboxMessages.orderingKey, `operator:${invited.id}`));
    assert.ok(events.length > 0);
    assert.ok(!JSON.stringify(events).includes(token));

    assert.equal((await operatorSignIn(server, email, '!')).status, 400);
    const [audit] = await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'operator.invite'), eq(auditLog.subject, `operator:${email}`)));
    assert.ok(audit?.operatorId);
  });

  it('resending voids the first link; a second invitation of the same address is 409', async () => {
    const email = uniqueEmail('resend');
    const invited = (await (await invite(admin, { email, name: 'Rae Resend', role: 'admin' })).json()) as OperatorEntry;
    const first = decodeURIComponent(new URL(await mailedLink(email)).searchParams.get('token') ?? '');
    const again = await call(`/operators/${invited.id}/invitation`, admin, { method: 'POST' });
    assert.equal(again.status, 200);
    const second = decodeURIComponent(new URL(await mailedLink(email)).searchParams.get('token') ?? '');
    assert.notEqual(first, second);
    const now = server.app.clock();
    assert.equal(await findValidToken(server.database.db, first, ['operatorInvitation'], now), undefined);
    assert.equal((await findValidToken(server.database.db, second, ['operatorInvitation'], now))?.operatorId, invited.id);

    const taken = await invite(admin, { email, name: 'Someone Else', role: 'customerService' });
    assert.equal(taken.status, 409);
    assert.deepEqual(await taken.json(), { errors: [{ type: 'OperatorError', reason: 'conflict', subject: 'email', message: `${email} is already an operator` }] });
    const accepted = (await (await call('/operators', admin)).json()) as { operators: OperatorEntry[] };
    const demo = accepted.operators.find((entry) => entry.email === ADMIN_EMAIL);
    assert.equal((await call(`/operators/${demo?.id}/invitation`, admin, { method: 'POST' })).status, 409);
  });

  it('two invitations of one address at the same moment: one operator, one mail, the other 409', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([1, 2].map((n) => invite(admin, { email, name: `Racer ${n}`, role: 'customerService' })));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 409]);
    await dispatch(server);
    assert.equal((await server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email))).length, 1);
  });

  it('disabling ends the operator\'s session and their invitation link at once; enabling lets them back; nobody disables themselves', async () => {
    const email = await createOperator(server, 'customerService');
    const theirToken = await operatorToken(server, email, DEMO_PASSWORD);
    const list = (await (await call('/operators', admin)).json()) as { operators: OperatorEntry[] };
    const them = list.operators.find((entry) => entry.email === email);
    assert.ok(them);
    const disabled = await call(`/operators/${them.id}/disable`, admin, { method: 'POST' });
    assert.equal(disabled.status, 200);
    assert.equal(((await disabled.json()) as OperatorEntry).status, 'disabled');
    assert.equal((await call('/operators/current', theirToken)).status, 401);
    assert.equal((await call(`/operators/${them.id}/disable`, admin, { method: 'POST' })).status, 409);
    assert.equal((await call(`/operators/${them.id}/enable`, admin, { method: 'POST' })).status, 200);
    assert.equal((await call('/operators/current', await operatorToken(server, email, DEMO_PASSWORD))).status, 200);

    const pending = (await (await invite(admin, { email: uniqueEmail('gone'), name: 'Gil Gone', role: 'customerService' })).json()) as OperatorEntry;
    const token = decodeURIComponent(new URL(await mailedLink(pending.email)).searchParams.get('token') ?? '');
    assert.equal((await call(`/operators/${pending.id}/disable`, admin, { method: 'POST' })).status, 200);
    assert.equal(await findValidToken(server.database.db, token, ['operatorInvitation'], server.app.clock()), undefined);

    const me = list.operators.find((entry) => entry.email === ADMIN_EMAIL);
    const self = await call(`/operators/${me?.id}/disable`, admin, { method: 'POST' });
    assert.equal(self.status, 409);
    assert.equal(((await self.json()) as { errors: { message: string }[] }).errors[0]?.message, 'You cannot disable yourself');
  });

  it('only admins: a service operator is refused with 403; bad input is 400 naming the field; unknown operators 404', async () => {
    const service = await operatorToken(server, await createOperator(server, 'customerService'), DEMO_PASSWORD);
    assert.equal((await call('/operators', service)).status, 403);
    assert.equal((await invite(service, { email: uniqueEmail('x'), name: 'X', role: 'customerService' })).status, 403);
    for (const [body, field] of [
      [{ email: 'not-an-address', name: 'N', role: 'customerService' }, 'email'],
      [{ email: uniqueEmail('r'), name: 'N', role: 'owner' }, 'role'],
      [{ email: uniqueEmail('n'), name: ' ', role: 'admin' }, 'name'],
    ] as const) {
      const response = await invite(admin, body);
      assert.equal(response.status, 400);
      assert.equal(((await response.json()) as { errors: { subject: string }[] }).errors[0]?.subject, field);
    }
    assert.equal((await call('/operators/999999/disable', admin, { method: 'POST' })).status, 404);
    assert.equal((await call('/operators/abc/disable', admin, { method: 'POST' })).status, 400);
  });
});
