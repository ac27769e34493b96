// test:api:embedded: placing an order with an operator's token, and resolving that token, on each engine.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq, sql } from 'drizzle-orm';
import { approvalLimits, assistedSessions, auditLog, oauthTokens, operators, operatorSoldTos, orders, users } from '../src/db/schema';
import { createOperator, operatorToken } from './support/admin-client';
import { createCompany, createPerson, eventsOf, type Person, type TestCompany } from './support/approval-helpers';
import type { Json, Shopper } from './support/cart-helpers';
import { amend, linesOf, type OrderView } from './support/amend-helpers';
import { placeTestOrder } from './support/order-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const ENDED = 'The session acting for this customer has ended';

interface Started {
  id: number;
  access_token: string;
  token_type: string;
  expires_in: number;
  idleMinutes: number;
  operator: { name: string };
  user: { username: string; name: string; customerId: string };
  shipTo: { code: string; name: string; soldTo: string };
}

describe('acting for a customer (docs/assisted-service.md)', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let company: TestCompany;
  let other: TestCompany;
  let ben: Person;
  let stranger: Person;
  let rep: { email: string; id: number; token: string };
  let colleague: { token: string };

  const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<Json> => {
    const response = await server.request(path, { method: init.method ?? 'GET', token: init.token, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Json['body']) : {} };
  };
  const start = (token: string | undefined, body: Record<string, unknown>) => call('/admin/v1/assistedsessions', { method: 'POST', token, body });
  const startFor = async (person: Person, shipTo: string): Promise<Started> => {
    const started = await start(rep.token, { username: person.username, shipTo, reason: '  Phoned in their order  ' });
    assert.equal(started.status, 201, JSON.stringify(started.body));
    return started.body as unknown as Started;
  };
  /** A Shopper speaking with the assisted token, as the shop's server would. */
  const asOperator = (session: Started, shipTo: string): Shopper => ({
    token: session.access_token,
    shipTo,
    salesOrg: 'DAIR',
    async call(method, path, options = {}) {
      const scoped = options.scoped ?? true;
      const separator = path.includes('?') ? '&' : '?';
      const response = await server.request(`${BASE}${path}${scoped ? `${separator}shipTo=${shipTo}&salesOrg=DAIR` : ''}`, {
        method,
        token: session.access_token,
        headers: options.headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Json['body']) : {} };
    },
  });
  const auditOf = (operatorId: number, action: string) =>
    server.database.db.select().from(auditLog).where(and(eq(auditLog.operatorId, operatorId), eq(auditLog.action, action))).orderBy(desc(auditLog.id));

  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Meadowvale Foods <orders@meadowvale.example>', SHOP_URL: 'https://shop.meadowvale.example', ...ON_DEMAND_OUTBOX } });
    const db = server.database.db;
    company = await createCompany(server);
    other = await createCompany(server);
    ben = await createPerson(server, company, [], 'Ben Carter');
    stranger = await createPerson(server, other, [], 'Other Buyer');
    const email = await createOperator(server, 'sales');
    const [row] = await db.update(operators).set({ name: 'Sam Reed' }).where(eq(operators.email, email)).returning({ id: operators.id });
    assert.ok(row);
    await db.insert(operatorSoldTos).values({ operatorId: row.id, soldTo: company.soldTo });
    rep = { email, id: row.id, token: await operatorToken(server, email) };
    colleague = { token: await operatorToken(server, await createOperator(server, 'sales')) };
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  it('starts a session: an access token of the user alone, audited under the operator, the user’s last sign-in untouched', async () => {
    const db = server.database.db;
    const [beforeStart] = await db.select({ lastSignInAt: users.lastSignInAt }).from(users).where(eq(users.id, ben.id));
    const session = await startFor(ben, company.shipTo);
    assert.equal(session.token_type, 'bearer');
    assert.equal(session.idleMinutes, 30);
    assert.ok(session.expires_in > 0 && session.expires_in <= 8 * 3600, String(session.expires_in));
    assert.deepEqual(session.operator, { name: 'Sam Reed' });
    assert.equal(session.user.username, ben.username);
    assert.equal(session.user.name, 'Ben Carter');
    assert.deepEqual({ code: session.shipTo.code, soldTo: session.shipTo.soldTo }, { code: company.shipTo, soldTo: company.soldTo });
    assert.equal(Object.hasOwn(session, 'refresh_token'), false);

    const [token] = await db.select().from(oauthTokens).where(eq(oauthTokens.assistedSessionId, session.id));
    assert.ok(token);
    assert.equal(token.userId, ben.id);
    assert.equal(token.refreshHash, null);
    const [row] = await db.select().from(assistedSessions).where(eq(assistedSessions.id, session.id));
    assert.equal(row?.reason, 'Phoned in their order');
    assert.equal(row?.operatorId, rep.id);
    const [afterStart] = await db.select({ lastSignInAt: users.lastSignInAt }).from(users).where(eq(users.id, ben.id));
    assert.deepEqual(afterStart, beforeStart);
    const [audit] = await auditOf(rep.id, 'assisted.start');
    assert.equal(audit?.subject, `user:${ben.username}`);
    assert.deepEqual(audit?.after, { sessionId: session.id, shipTo: company.shipTo, reason: 'Phoned in their order' });
  });

  it('answers 404 alike for a sold-to not assigned to the rep, an unknown user and a ship-to the user does not hold', async () => {
    const cases = [
      { username: stranger.username, shipTo: other.shipTo },
      { username: `nobody-${randomUUID().slice(0, 8)}@example.com`, shipTo: company.shipTo },
      { username: ben.username, shipTo: other.shipTo },
    ];
    for (const body of cases) {
      const refused = await start(rep.token, { ...body, reason: 'Phoned in' });
      assert.equal(refused.status, 404, JSON.stringify(body));
      assert.equal(refused.body.errors?.[0]?.subject, 'username');
    }
    // An admin sees every customer, so the same user and ship-to start for them.
    const admin = await start(await operatorToken(server), { username: stranger.username, shipTo: other.shipTo, reason: 'Phoned in' });
    assert.equal(admin.status, 201, JSON.stringify(admin.body));
  });

  it('refuses a short reason (400 naming it), a disabled user (409 userDisabled), a customer token (403) and no token (401)', async () => {
    const short = await start(rep.token, { username: ben.username, shipTo: company.shipTo, reason: '  a ' });
    assert.equal(short.status, 400);
    assert.equal(short.body.errors?.[0]?.subject, 'reason');
    const long = await start(rep.token, { username: ben.username, shipTo: company.shipTo, reason: 'x'.repeat(501) });
    assert.equal(long.status, 400);
    assert.equal(long.body.errors?.[0]?.subject, 'reason');

    const disabled = await createPerson(server, company, [], 'Gone Away');
    await server.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.id));
    const refused = await start(rep.token, { username: disabled.username, shipTo: company.shipTo, reason: 'Phoned in' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.errors?.[0]?.reason, 'userDisabled');

    assert.equal((await start(ben.who.token, { username: ben.username, shipTo: company.shipTo, reason: 'Phoned in' })).status, 403);
    assert.equal((await start(undefined, { username: ben.username, shipTo: company.shipTo, reason: 'Phoned in' })).status, 401);
  });

  it('lists the users who hold a ship-to, within the operator’s scope only', async () => {
    const listed = await call(`/admin/v1/shiptos/${company.shipTo}/users`, { token: rep.token });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const body = listed.body as unknown as { shipTo: { code: string; soldTo: string; soldToName: string }; users: { username: string; name: string; status: string }[] };
    assert.equal(body.shipTo.code, company.shipTo);
    assert.equal(body.shipTo.soldTo, company.soldTo);
    assert.match(body.shipTo.soldToName, /^Test company/);
    assert.ok(body.users.some((user) => user.username === ben.username && user.name === 'Ben Carter' && user.status === 'active'));
    assert.equal((await call(`/admin/v1/shiptos/${other.shipTo}/users`, { token: rep.token })).status, 404);
    assert.equal((await call(`/admin/v1/shiptos/${company.shipTo}/users`, { token: ben.who.token })).status, 403);
  });

  it('shops as the customer: the order records the operator in its views, its ERP payload and its e-mail, and changes are audited', async () => {
    const session = await startFor(ben, company.shipTo);
    const operator = asOperator(session, company.shipTo);
    const me = await operator.call('GET', '/users/current', { scoped: false });
    assert.equal(me.status, 200);
    assert.equal(me.body.uid, ben.username);

    const placed = (await placeTestOrder(server, operator)) as unknown as { code: string; status: string; placedByOperator: unknown };
    assert.equal(placed.status, 'placed');
    assert.deepEqual(placed.placedByOperator, { name: 'Sam Reed' });
    const [row] = await server.database.db.select({ by: orders.placedByOperatorId }).from(orders).where(eq(orders.code, placed.code));
    assert.equal(row?.by, rep.id);

    // The customer reads it later with their own token: detail and history both say who placed it for them.
    const detail = await ben.who.call('GET', `/users/current/orders/${placed.code}`, { scoped: false });
    assert.deepEqual(detail.body.placedByOperator, { name: 'Sam Reed' });
    assert.deepEqual(detail.body.placedBy, { name: 'Ben Carter' });
    const history = await ben.who.call('GET', '/users/current/orders');
    const entries = history.body.orders as { code: string; placedByOperator: unknown }[];
    assert.deepEqual(entries.find((entry) => entry.code === placed.code)?.placedByOperator, { name: 'Sam Reed' });
    const backOffice = await call(`/admin/v1/orders/${placed.code}`, { token: await operatorToken(server) });
    assert.deepEqual(backOffice.body.placedByOperator, { name: 'Sam Reed' }, 'the back office sees it too');
    const own = await placeTestOrder(server, ben.who, [1]);
    assert.equal((own as unknown as { placedByOperator: unknown }).placedByOperator, null);

    const [event] = await eventsOf(server, placed.code, 'order.placed');
    const erpOrder = (event?.data as { order: { placedByOperator: unknown; placedBy: { name: string } } }).order;
    assert.deepEqual(erpOrder.placedByOperator, { name: 'Sam Reed', email: rep.email });
    assert.equal(erpOrder.placedBy.name, 'Ben Carter');

    await dispatch(server);
    const mail = sink.mails.find((found) => found.subject?.includes(placed.code));
    assert.ok(mail, 'the confirmation was sent');
    assert.match(mail.text ?? '', /Placed for you by Sam Reed, Meadowvale/);
    assert.match(String(mail.html), /<p>Placed for you by Sam Reed, Meadowvale<\/p>/);
    const ownMail = sink.mails.find((found) => found.subject?.includes(own.code));
    assert.ok(ownMail);
    assert.doesNotMatch(ownMail.text ?? '', /Placed for you/);

    // Changed while acting, and again by the customer: the operator who placed it stays on the order and its events.
    const lines = linesOf(placed as unknown as OrderView).map((line, index) => (index === 0 ? { ...line, quantity: line.quantity + 1 } : line));
    const amended = await amend(operator, placed.code, lines);
    assert.equal(amended.status, 200, JSON.stringify(amended.body));
    assert.deepEqual(amended.body.placedByOperator, { name: 'Sam Reed' });
    const again = await amend(ben.who, placed.code, lines.slice(0, 1));
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual(again.body.placedByOperator, { name: 'Sam Reed' });
    const amendedEvents = await eventsOf(server, placed.code, 'order.amended');
    assert.ok(amendedEvents.length >= 2);
    for (const amendedEvent of amendedEvents) assert.deepEqual((amendedEvent.data as { order: { placedByOperator: unknown } }).order.placedByOperator, { name: 'Sam Reed', email: rep.email });

    const requests = (await auditOf(rep.id, 'assisted.request')).filter((entry) => (entry.after as { sessionId: number }).sessionId === session.id);
    const routes = requests.map((entry) => entry.after as { method: string; route: string; status: number; shipTo: string });
    assert.ok(routes.some((entry) => entry.method === 'POST' && entry.route === `${BASE}/users/current/orders` && entry.status === 201 && entry.shipTo === company.shipTo), JSON.stringify(routes));
    assert.ok(routes.some((entry) => entry.method === 'PUT' && entry.route === `${BASE}/users/current/orders/:code` && entry.status === 200), 'the amendment is audited');
    assert.equal(routes.filter((entry) => entry.method === 'PUT' && entry.route === `${BASE}/users/current/orders/:code`).length, 1, 'the customer’s own change is not the operator’s');
    assert.ok(routes.every((entry) => entry.method !== 'GET'));
    assert.ok(requests.every((entry) => entry.subject === `user:${ben.username}`));
  });

  it('holds an order over the site’s monthly limit for approval, as for the customer', async () => {
    const code = `AL-A${randomUUID().slice(0, 6)}`;
    await server.database.db.insert(approvalLimits).values({ code, soldToCode: company.soldTo, type: 'periodThreshold', periodRange: 'MONTH', thresholdPence: 100, shipToCode: company.shipTo });
    try {
      const session = await startFor(ben, company.shipTo);
      const held = (await placeTestOrder(server, asOperator(session, company.shipTo))) as unknown as { status: string; placedByOperator: unknown };
      assert.equal(held.status, 'pendingApproval');
      assert.deepEqual(held.placedByOperator, { name: 'Sam Reed' });
    } finally {
      await server.database.db.delete(approvalLimits).where(eq(approvalLimits.code, code));
    }
  });

  it('refuses passwords, notification settings, company people and limits and approval decisions with 403 assistedSession', async () => {
    const session = await startFor(ben, company.shipTo);
    const refused: [string, string][] = [
      ['PUT', '/users/current/password'],
      ['PUT', '/users/current/notificationpreferences'],
      ['GET', '/users/current/orgUsers'],
      ['POST', '/users/current/orgUsers'],
      ['PATCH', `/users/current/orgUsers/${encodeURIComponent(stranger.username)}`],
      ['POST', `/users/current/orgUsers/${encodeURIComponent(stranger.username)}/invitation`],
      ['GET', '/users/current/orderApprovalPermissions'],
      ['POST', '/users/current/orderApprovalPermissions'],
      ['PATCH', '/users/current/orderApprovalPermissions/AL-000001'],
      ['DELETE', '/users/current/orderApprovalPermissions/AL-000001'],
      ['POST', '/users/current/orderapprovals/MV-000001/decision'],
      ['POST', '/users/current/standingorderapprovals/SO-000001/decision'],
    ];
    for (const [method, path] of refused) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const answer = await call(`${BASE}${path}`, { method, token: session.access_token, body });
      assert.equal(answer.status, 403, `${method} ${path}`);
      assert.equal(answer.body.errors?.[0]?.reason, 'assistedSession', `${method} ${path}`);
      assert.equal(answer.body.errors?.[0]?.message, 'Not available while acting for a customer');
      // The customer's own token reaches the route itself: whatever it answers, it is not this refusal.
      const own = await call(`${BASE}${path}`, { method, token: ben.who.token, body });
      assert.notEqual(own.body.errors?.[0]?.reason, 'assistedSession', `${method} ${path} with the customer's token`);
    }
    const preferences = await call(`${BASE}/users/current/notificationpreferences`, { token: session.access_token });
    assert.equal(preferences.status, 200, 'notification preferences may be read');
  });

  it('shows the session to its token only; a customer’s own token gets 404', async () => {
    const session = await startFor(ben, company.shipTo);
    const seen = await call(`${BASE}/users/current/assistedsession`, { token: session.access_token });
    assert.equal(seen.status, 200, JSON.stringify(seen.body));
    assert.equal(seen.body.id, session.id);
    assert.deepEqual(seen.body.operator, { name: 'Sam Reed' });
    assert.deepEqual(seen.body.user, { name: 'Ben Carter' });
    assert.equal((seen.body.shipTo as { code: string }).code, company.shipTo);
    const idleEndsAt = Date.parse(String(seen.body.idleEndsAt));
    assert.ok(idleEndsAt > Date.now() + 29 * 60_000 && idleEndsAt <= Date.now() + 30 * 60_000 + 5_000, String(seen.body.idleEndsAt));
    assert.equal((await call(`${BASE}/users/current/assistedsession`, { token: ben.who.token })).status, 404);
    assert.equal((await call(`${BASE}/users/current/assistedsession`, { method: 'DELETE', token: ben.who.token })).status, 404);
  });

  it('ends from the shop: the next call is 401 at once, audited, and the customer’s own token still works', async () => {
    const session = await startFor(ben, company.shipTo);
    // Read once first, so this process has the principal cached when the session ends.
    assert.equal((await call(`${BASE}/users/current`, { token: session.access_token })).status, 200);
    assert.equal((await call(`${BASE}/users/current/assistedsession`, { method: 'DELETE', token: session.access_token })).status, 204);
    const after = await call(`${BASE}/users/current`, { token: session.access_token });
    assert.equal(after.status, 401);
    assert.equal(after.body.errors?.[0]?.type, 'InvalidTokenError');
    assert.equal(after.body.errors?.[0]?.message, ENDED);
    assert.equal((await call(`${BASE}/users/current`, { token: ben.who.token })).status, 200);

    const [row] = await server.database.db.select().from(assistedSessions).where(eq(assistedSessions.id, session.id));
    assert.equal(row?.endReason, 'ended');
    assert.ok(row?.endedAt);
    const [token] = await server.database.db.select().from(oauthTokens).where(eq(oauthTokens.assistedSessionId, session.id));
    assert.ok(token?.revokedAt);
    const ends = (await auditOf(rep.id, 'assisted.end')).filter((entry) => (entry.after as { sessionId: number }).sessionId === session.id);
    assert.equal(ends.length, 1);
  });

  it('ends from the back office: by the operator who started it, not by another rep (404)', async () => {
    const session = await startFor(ben, company.shipTo);
    assert.equal((await call(`${BASE}/users/current`, { token: session.access_token })).status, 200);
    assert.equal((await call(`/admin/v1/assistedsessions/${session.id}`, { method: 'DELETE', token: colleague.token })).status, 404);
    assert.equal((await call(`${BASE}/users/current`, { token: session.access_token })).status, 200);
    assert.equal((await call(`/admin/v1/assistedsessions/${session.id}`, { method: 'DELETE', token: rep.token })).status, 204);
    const after = await call(`${BASE}/users/current`, { token: session.access_token });
    assert.equal(after.status, 401);
    assert.equal(after.body.errors?.[0]?.message, ENDED);
  });

  it('ends after 30 idle minutes; requests keep it alive', async () => {
    const db = server.database.db;
    const kept = await startFor(ben, company.shipTo);
    await db.update(assistedSessions).set({ lastActiveAt: sql`now() - interval '29 minutes'` }).where(eq(assistedSessions.id, kept.id));
    assert.equal((await call(`${BASE}/users/current`, { token: kept.access_token })).status, 200);
    const [touched] = await db.select({ lastActiveAt: assistedSessions.lastActiveAt }).from(assistedSessions).where(eq(assistedSessions.id, kept.id));
    assert.ok(touched && touched.lastActiveAt.getTime() > Date.now() - 60_000, 'the request moved last_active_at on');

    const idle = await startFor(ben, company.shipTo);
    await db.update(assistedSessions).set({ lastActiveAt: sql`now() - interval '31 minutes'` }).where(eq(assistedSessions.id, idle.id));
    const refused = await call(`${BASE}/users/current`, { token: idle.access_token });
    assert.equal(refused.status, 401);
    assert.equal(refused.body.errors?.[0]?.message, ENDED);
    const [row] = await db.select().from(assistedSessions).where(eq(assistedSessions.id, idle.id));
    assert.equal(row?.endReason, 'idle');
    assert.equal((await call(`${BASE}/users/current`, { token: ben.who.token })).status, 200);
  });

  it('never reaches the back office with an assisted token', async () => {
    const session = await startFor(ben, company.shipTo);
    assert.equal((await call('/admin/v1/customers', { token: session.access_token })).status, 403);
    assert.equal((await start(session.access_token, { username: ben.username, shipTo: company.shipTo, reason: 'Phoned in' })).status, 403);
  });
});
