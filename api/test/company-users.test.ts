import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { findValidToken } from '../src/account-tokens/account-tokens';
import { auditLog, mailMessages, shipTos, soldTos, userRoles, users, userShipTos } from '../src/db/schema';
import { operatorToken } from './support/admin-client';
import { setClock } from './support/test-clock';
import { BASE, startTestServer, type TestServer } from './support/test-server';

interface OrgUser {
  uid: string;
  name: string;
  status: string;
  shipTos: string[];
  roles: { soldTo: string; roles: string[] }[];
  orderLimit: number | null;
  lastSignInAt: string | null;
  invitation: { sentAt: string | null; expiresAt: string | null; expired: boolean } | null;
}

let counter = 0;
const unique = () => `${process.pid % 1000}${Date.now() % 100000}${counter++}`;

/** A company of its own for each test: one sold-to with two ship-tos, so no test sees another's users. */
async function company(server: TestServer) {
  const db = server.database.db;
  const id = unique();
  const soldTo = `S${id}`.slice(0, 20);
  await db.insert(soldTos).values({ code: soldTo, name: `Company ${id}` });
  const sites: [string, string] = [`A${id}`.slice(0, 20), `B${id}`.slice(0, 20)];
  await db.insert(shipTos).values(sites.map((code) => ({ code, name: `Site ${code}`, soldToCode: soldTo, addressLine1: '1 High Street', town: 'Whitby', postcode: 'YO21 1AA' })));
  return { soldTo, sites };
}

/** A user signing in with the demo password, with ship-tos and stored roles. */
async function person(server: TestServer, shipToCodes: string[], roles: { soldTo: string; role: string }[] = []): Promise<{ id: number; uid: string; token: () => Promise<string> }> {
  const db = server.database.db;
  const [template] = await db.select().from(users).where(eq(users.username, 'solo@example.com'));
  assert.ok(template);
  const uid = `p${unique()}@example.com`;
  const [row] = await db.insert(users).values({ username: uid, email: uid, name: `Person ${uid}`, customerId: `T-${uid}`, passwordHash: template.passwordHash }).returning({ id: users.id });
  assert.ok(row);
  if (shipToCodes.length > 0) await db.insert(userShipTos).values(shipToCodes.map((shipToCode, position) => ({ userId: row.id, shipToCode, position })));
  if (roles.length > 0) await db.insert(userRoles).values(roles.map((entry) => ({ userId: row.id, soldToCode: entry.soldTo, role: entry.role })));
  return { id: row.id, uid, token: () => server.tokenFor(uid) };
}

async function call(server: TestServer, token: string, method: string, path: string, body?: unknown) {
  const response = await server.request(`${BASE}/users/current${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { errors?: { message: string; subject?: string }[] } };
}

async function latestInvitationToken(server: TestServer, email: string): Promise<string> {
  await server.app.outbox.dispatchOnce();
  const [mail] = await server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email)).orderBy(desc(mailMessages.id)).limit(1);
  assert.ok(mail, `no mail to ${email}`);
  const match = /\/login\/reset-password\/\?token=([\w%-]+)/.exec(mail.text);
  assert.ok(match?.[1], 'the invitation mail links the set-password page');
  return decodeURIComponent(match[1]);
}

describe('company admins: /users/current/orgUsers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('lists only the users of the sold-tos the admin administers, with their roles there; others get 403', async () => {
    const mine = await company(server);
    const theirs = await company(server);
    const admin = await person(server, [mine.sites[0]], [{ soldTo: mine.soldTo, role: 'admin' }]);
    const buyer = await person(server, [mine.sites[1], theirs.sites[0]], [{ soldTo: theirs.soldTo, role: 'approver' }]);
    const stranger = await person(server, [theirs.sites[1]]);
    const token = await admin.token();

    const list = await call(server, token, 'GET', '/orgUsers');
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const listed = list.body.users as OrgUser[];
    assert.deepEqual(listed.map((user) => user.uid).sort(), [admin.uid, buyer.uid].sort());
    const seen = listed.find((user) => user.uid === buyer.uid);
    assert.deepEqual(seen?.shipTos, [mine.sites[1]], 'ship-tos of other companies stay hidden');
    assert.deepEqual(seen?.roles, [{ soldTo: mine.soldTo, roles: ['buyer'] }], 'roles elsewhere stay hidden');
    assert.equal(seen?.invitation, null);
    assert.deepEqual((list.body.shipTos as { code: string }[]).map((shipTo) => shipTo.code).sort(), [...mine.sites].sort());
    assert.deepEqual(list.body.soldTos, [{ code: mine.soldTo, name: (list.body.soldTos as { name: string }[])[0]?.name, roles: ['buyer', 'admin'] }]);

    const current = await call(server, token, 'GET', '');
    assert.deepEqual(current.body.roles, [{ soldTo: mine.soldTo, roles: ['buyer', 'admin'] }]);

    const refused = await call(server, await stranger.token(), 'GET', '/orgUsers');
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors?.[0]?.message, 'Only a company admin can manage users');
    const outside = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(stranger.uid)}`, { orderLimit: 100 });
    assert.equal(outside.status, 404, 'a user of another company does not exist for the admin');
  });

  it('invites a user: 201, a pending invitation, and a mail with a 7-day set-password link; resend voids the old link', async () => {
    const mine = await company(server);
    const admin = await person(server, [mine.sites[0]], [{ soldTo: mine.soldTo, role: 'admin' }, { soldTo: mine.soldTo, role: 'approver' }]);
    const token = await admin.token();
    const email = `New.Chef${unique()}@Example.com`;
    const invited = await call(server, token, 'POST', '/orgUsers', {
      email,
      name: 'New Chef',
      shipTos: [mine.sites[1]],
      roles: [{ soldTo: mine.soldTo, roles: ['buyer', 'approver'] }],
      orderLimit: 15000,
    });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    const user = invited.body as unknown as OrgUser;
    assert.equal(user.uid, email.toLowerCase());
    assert.deepEqual(user.roles, [{ soldTo: mine.soldTo, roles: ['buyer', 'approver'] }]);
    assert.equal(user.orderLimit, 15000);
    assert.equal(user.invitation?.expired, false);
    assert.equal(user.lastSignInAt, null);

    const first = await latestInvitationToken(server, email.toLowerCase());
    const [mail] = await server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email.toLowerCase())).orderBy(desc(mailMessages.id)).limit(1);
    const [companyRow] = await server.database.db.select({ name: soldTos.name }).from(soldTos).where(eq(soldTos.code, mine.soldTo));
    assert.ok(
      mail?.text.includes(`Person ${admin.uid} (${admin.uid}) has invited you to order from Meadowvale Foods for ${companyRow?.name} (Site ${mine.sites[1]}).`),
      `the mail says who invited, for which company and site: ${mail?.text}`,
    );
    assert.ok(mail?.text.includes(`You sign in with your e-mail address, ${email.toLowerCase()}.`), 'and the sign-in address');
    const validated = await server.request(`${BASE}/validatetoken`, { method: 'POST', body: JSON.stringify({ token: first }) });
    assert.deepEqual(((await validated.json()) as { email: string; purpose: string }).email, email.toLowerCase(), 'the set-password page learns the address');
    const now = server.app.clock();
    const valid = await findValidToken(server.database.db, first, ['invitation'], now);
    assert.ok(valid);
    assert.equal(valid.expiresAt.getTime() - now.getTime() > 6.9 * 24 * 3600 * 1000, true);

    const again = await call(server, token, 'POST', '/orgUsers', { email: email.toLowerCase(), name: 'Twice', shipTos: [mine.sites[1]] });
    assert.equal(again.status, 409);
    const elsewhere = await person(server, [(await company(server)).sites[0]]);
    const theirs = await call(server, token, 'POST', '/orgUsers', { email: elsewhere.uid, name: 'Theirs', shipTos: [mine.sites[1]] });
    const takenText = (address: string) =>
      `${address} cannot be invited here. Check the address; if this person already orders from Meadowvale Foods with it, call customer service on 0800 123 4567 to add your accounts to their sign-in.`;
    assert.deepEqual([theirs.status, theirs.body.errors?.[0]?.subject, theirs.body.errors?.[0]?.message], [409, 'email', takenText(elsewhere.uid)], 'another company\'s user: nothing confirms they exist');
    assert.equal(again.body.errors?.[0]?.message, takenText(email.toLowerCase()), 'the same words for this company\'s own user');

    const resent = await call(server, token, 'POST', `/orgUsers/${encodeURIComponent(user.uid)}/invitation`);
    assert.equal(resent.status, 200, JSON.stringify(resent.body));
    const second = await latestInvitationToken(server, user.uid);
    assert.notEqual(second, first);
    assert.equal(await findValidToken(server.database.db, first, ['invitation'], server.app.clock()), undefined, 'the old link stops working');
    assert.ok(await findValidToken(server.database.db, second, ['invitation'], server.app.clock()));

    const accepted = await call(server, token, 'POST', `/orgUsers/${encodeURIComponent(admin.uid)}/invitation`);
    assert.equal(accepted.status, 409, 'a user with a password has no invitation to resend');

    // Three resends a day: the fourth sends nothing and says when the next may go.
    for (let i = 0; i < 2; i++) assert.equal((await call(server, token, 'POST', `/orgUsers/${encodeURIComponent(user.uid)}/invitation`)).status, 200);
    await server.app.outbox.dispatchOnce();
    const mailsBefore = await server.database.db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.toAddress, user.uid));
    const limited = await server.request(`${BASE}/users/current/orgUsers/${encodeURIComponent(user.uid)}/invitation`, { method: 'POST', token });
    assert.equal(limited.status, 429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 23 * 3600 && retryAfter <= 24 * 3600, `Retry-After ${retryAfter}`);
    const refusal = ((await limited.json()) as { errors: { message: string; subject: string }[] }).errors[0];
    assert.equal(refusal?.subject, 'uid');
    assert.equal(refusal?.message, `The invitation to ${user.uid} has been resent 3 times already. You can send it again in 24 hours; meanwhile ask them to look in their spam folder.`);
    await server.app.outbox.dispatchOnce();
    const mailsAfter = await server.database.db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.toAddress, user.uid));
    assert.equal(mailsAfter.length, mailsBefore.length, 'no mail over the limit');
    assert.equal(mailsAfter.length, 4, 'the invitation and three resends');

    const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, `user:${user.uid}`)).orderBy(auditLog.id).limit(1);
    assert.equal(audit?.action, 'company.user.invite');
    assert.equal(audit?.actorUserId, admin.id);
    assert.equal(audit?.operatorId, null);
  });

  it('refuses ship-tos and sold-tos of another company (404), roles the admin lacks (403) and bad input (400 naming the field)', async () => {
    const mine = await company(server);
    const theirs = await company(server);
    const admin = await person(server, [mine.sites[0]], [{ soldTo: mine.soldTo, role: 'admin' }]);
    const buyer = await person(server, [mine.sites[1]]);
    const token = await admin.token();
    const path = `/orgUsers/${encodeURIComponent(buyer.uid)}`;

    const otherShipTo = await call(server, token, 'PATCH', path, { shipTos: [theirs.sites[0]] });
    assert.equal(otherShipTo.status, 404);
    assert.equal(otherShipTo.body.errors?.[0]?.subject, 'shipTos');
    const otherSoldTo = await call(server, token, 'PATCH', path, { roles: [{ soldTo: theirs.soldTo, roles: ['admin'] }] });
    assert.equal(otherSoldTo.status, 404);
    const notHeld = await call(server, token, 'PATCH', path, { roles: [{ soldTo: mine.soldTo, roles: ['approver'] }] });
    assert.equal(notHeld.status, 403);
    assert.equal(notHeld.body.errors?.[0]?.message, `You cannot give the role 'approver': you do not hold it at sold-to '${mine.soldTo}'`);
    const inviteOther = await call(server, token, 'POST', '/orgUsers', { email: `x${unique()}@example.com`, name: 'X', shipTos: [theirs.sites[0]] });
    assert.equal(inviteOther.status, 404);

    for (const [body, field] of [
      [{ email: 'not-an-address', name: 'X', shipTos: [mine.sites[0]] }, 'email'],
      [{ email: `y${unique()}@example.com`, name: '', shipTos: [mine.sites[0]] }, 'name'],
      [{ email: `y${unique()}@example.com`, name: 'Y', shipTos: [] }, 'shipTos'],
      [{ email: `y${unique()}@example.com`, name: 'Y', shipTos: [mine.sites[0]], orderLimit: 1.5 }, 'orderLimit'],
      [{ email: `y${unique()}@example.com`, name: 'Y', shipTos: [mine.sites[0]], roles: [{ soldTo: mine.soldTo, roles: ['owner'] }] }, 'roles.0.roles.0'],
    ] as const) {
      const refused = await call(server, token, 'POST', '/orgUsers', body);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.equal(refused.body.errors?.[0]?.subject, field);
    }
    const empty = await call(server, token, 'PATCH', path, {});
    assert.equal(empty.status, 400);
  });

  it('edits ship-tos, roles and the order limit within the admin\'s sold-tos, keeping the user\'s others, audited', async () => {
    const mine = await company(server);
    const theirs = await company(server);
    const admin = await person(server, [mine.sites[0]], [{ soldTo: mine.soldTo, role: 'admin' }, { soldTo: mine.soldTo, role: 'approver' }]);
    const buyer = await person(server, [theirs.sites[0], mine.sites[1]], [{ soldTo: theirs.soldTo, role: 'admin' }]);
    const token = await admin.token();
    const path = `/orgUsers/${encodeURIComponent(buyer.uid)}`;

    const changed = await call(server, token, 'PATCH', path, { shipTos: [mine.sites[0], mine.sites[1]], roles: [{ soldTo: mine.soldTo, roles: ['approver'] }], orderLimit: 25000 });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const view = changed.body as unknown as OrgUser;
    assert.deepEqual(view.shipTos, [mine.sites[0], mine.sites[1]]);
    assert.deepEqual(view.roles, [{ soldTo: mine.soldTo, roles: ['buyer', 'approver'] }]);
    assert.equal(view.orderLimit, 25000);

    const db = server.database.db;
    const held = await db.select({ shipTo: userShipTos.shipToCode }).from(userShipTos).where(eq(userShipTos.userId, buyer.id)).orderBy(userShipTos.position);
    assert.deepEqual(held.map((row) => row.shipTo), [theirs.sites[0], mine.sites[0], mine.sites[1]], 'the other company\'s ship-to stays');
    const roles = await db.select().from(userRoles).where(eq(userRoles.userId, buyer.id));
    assert.ok(roles.some((row) => row.soldToCode === theirs.soldTo && row.role === 'admin'), 'the other company\'s role stays');

    const removed = await call(server, token, 'PATCH', path, { orderLimit: null, roles: [] });
    assert.equal((removed.body as unknown as OrgUser).orderLimit, null);
    assert.deepEqual((removed.body as unknown as OrgUser).roles, [{ soldTo: mine.soldTo, roles: ['buyer'] }]);

    const entries = await db.select().from(auditLog).where(eq(auditLog.subject, `user:${buyer.uid}`)).orderBy(auditLog.id);
    assert.deepEqual(entries.map((entry) => [entry.action, entry.actorUserId]), [
      ['company.user.update', admin.id],
      ['company.user.update', admin.id],
    ]);
    const back = await server.request(`/admin/v1/audit?subject=${encodeURIComponent(`user:${buyer.uid}`)}`, { token: await operatorToken(server) });
    const shown = (await back.json()) as { entries: { operator: string }[] };
    assert.equal(shown.entries[0]?.operator, `${admin.uid} (company admin)`, 'the back office shows the acting user');
  });

  it('disables (revoking the user\'s tokens at once) and enables; never oneself, never the last admin', async () => {
    const mine = await company(server);
    const admin = await person(server, [mine.sites[0]], [{ soldTo: mine.soldTo, role: 'admin' }]);
    const buyer = await person(server, [mine.sites[1]]);
    const token = await admin.token();
    const buyerToken = await buyer.token();
    assert.equal((await call(server, buyerToken, 'GET', '')).status, 200);

    const disabled = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(buyer.uid)}`, { active: false });
    assert.equal(disabled.status, 200, JSON.stringify(disabled.body));
    assert.equal((disabled.body as unknown as OrgUser).status, 'disabled');
    assert.equal((await call(server, buyerToken, 'GET', '')).status, 401, 'the signed-in session ends at once');
    await assert.rejects(buyer.token(), /User is disabled by their company/);

    const enabled = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(buyer.uid)}`, { active: true });
    assert.equal((enabled.body as unknown as OrgUser).status, 'active');
    assert.equal((await call(server, await buyer.token(), 'GET', '')).status, 200);

    const self = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(admin.uid)}`, { active: false });
    assert.equal(self.status, 409);
    assert.equal(self.body.errors?.[0]?.message, 'You cannot disable yourself');
    const last = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(admin.uid)}`, { roles: [] });
    assert.equal(last.status, 409);
    assert.equal(last.body.errors?.[0]?.message, `Sold-to '${mine.soldTo}' needs at least one active admin`);
    const noSites = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(admin.uid)}`, { shipTos: [mine.sites[1]], roles: [] });
    assert.equal(noSites.status, 409, 'the last admin cannot give up the role by any route');

    // With a second admin, either may step down, and the second may be disabled only while the first stays.
    const second = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(buyer.uid)}`, { roles: [{ soldTo: mine.soldTo, roles: ['admin'] }] });
    assert.equal(second.status, 200);
    const stepDown = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(admin.uid)}`, { roles: [] });
    assert.equal(stepDown.status, 200);
    const lost = await call(server, token, 'GET', '/orgUsers');
    assert.equal(lost.status, 403, 'no longer an admin');
    const buyerNow = await buyer.token();
    const lastOne = await call(server, buyerNow, 'PATCH', `/orgUsers/${encodeURIComponent(buyer.uid)}`, { roles: [] });
    assert.equal(lastOne.status, 409);

    const actions = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, `user:${buyer.uid}`)).orderBy(auditLog.id);
    assert.deepEqual(actions.slice(0, 2).map((entry) => [entry.action, entry.actorUserId, (entry.after as { status: string }).status]), [
      ['user.disable', admin.id, 'disabled'],
      ['user.enable', admin.id, 'active'],
    ]);
  });

  it('"disables" a user who also orders for another company by taking them out of the admin\'s sold-tos only: they still sign in there', async () => {
    const mine = await company(server);
    const theirs = await company(server);
    const admin = await person(server, [mine.sites[0]], [{ soldTo: mine.soldTo, role: 'admin' }, { soldTo: mine.soldTo, role: 'approver' }]);
    const shared = await person(server, [theirs.sites[0], mine.sites[1]], [{ soldTo: mine.soldTo, role: 'approver' }, { soldTo: theirs.soldTo, role: 'admin' }]);
    const token = await admin.token();
    const path = `/orgUsers/${encodeURIComponent(shared.uid)}`;
    assert.equal((await call(server, token, 'PATCH', path, { orderLimit: 5000 })).status, 200);

    const answer = await call(server, token, 'PATCH', path, { active: false });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.removed, true);
    assert.equal(answer.body.status, 'active', 'their status is global: it stays');
    assert.deepEqual(answer.body.shipTos, []);
    assert.deepEqual(answer.body.roles, []);
    assert.equal(answer.body.orderLimit, null);

    const db = server.database.db;
    const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, shared.id));
    assert.equal(row?.status, 'active');
    const left = await db.select({ shipTo: userShipTos.shipToCode }).from(userShipTos).where(eq(userShipTos.userId, shared.id));
    assert.deepEqual(left.map((entry) => entry.shipTo), [theirs.sites[0]]);
    const roles = await db.select({ soldTo: userRoles.soldToCode, role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, shared.id));
    assert.deepEqual(roles, [{ soldTo: theirs.soldTo, role: 'admin' }], 'the other company\'s roles stay');
    const signedIn = await call(server, await shared.token(), 'GET', '');
    assert.equal(signedIn.status, 200, 'they still sign in for the other company');
    assert.deepEqual(signedIn.body.roles, [{ soldTo: theirs.soldTo, roles: ['buyer', 'admin'] }]);

    const list = await call(server, token, 'GET', '/orgUsers');
    assert.ok(!(list.body.users as OrgUser[]).some((user) => user.uid === shared.uid), 'no longer a user of the admin\'s company');
    assert.equal((await call(server, token, 'PATCH', path, { active: true })).status, 404);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.subject, `user:${shared.uid}`)).orderBy(desc(auditLog.id)).limit(1);
    assert.equal(audit?.action, 'company.user.remove');
    assert.equal(audit?.actorUserId, admin.id);

    const plain = await person(server, [mine.sites[1]]);
    const disabled = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(plain.uid)}`, { active: false });
    assert.equal(disabled.body.status, 'disabled', 'a user of this company only is disabled as before');
    assert.equal(disabled.body.removed, false);
  });

  it('lets two admins removing each other at once leave one admin, never none', async () => {
    const mine = await company(server);
    const first = await person(server, [mine.sites[0]], [{ soldTo: mine.soldTo, role: 'admin' }]);
    const second = await person(server, [mine.sites[1]], [{ soldTo: mine.soldTo, role: 'admin' }]);
    const [firstToken, secondToken] = await Promise.all([first.token(), second.token()]);
    const answers = await Promise.all([
      call(server, firstToken, 'PATCH', `/orgUsers/${encodeURIComponent(second.uid)}`, { active: false }),
      call(server, secondToken, 'PATCH', `/orgUsers/${encodeURIComponent(first.uid)}`, { active: false }),
    ]);
    // The loser was disabled meanwhile: refused as no admin (403) or, if it came second, by its revoked token (401).
    assert.equal(answers.filter((answer) => answer.status === 200).length, 1, JSON.stringify(answers));
    assert.ok(answers.every((answer) => [200, 401, 403].includes(answer.status)), JSON.stringify(answers));
    const admins = await server.database.db
      .select({ status: users.status })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(userRoles.soldToCode, mine.soldTo));
    assert.equal(admins.filter((row) => row.status === 'active').length, 1);
  });
});

describe('company admins: invitations over time and refusals of a resend', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true' } });
  });
  after(() => server.close());

  it('shows an invitation as expired after 7 days by the API\'s clock, refuses roles without a ship-to and a resend to a disabled user', async () => {
    const mine = await company(server);
    const admin = await person(server, [mine.sites[0]], [{ soldTo: mine.soldTo, role: 'admin' }]);
    const token = await admin.token();
    const email = `later${unique()}@example.com`;
    const noShipTo = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(admin.uid)}`, { shipTos: [mine.sites[1]], roles: [{ soldTo: mine.soldTo, roles: ['admin'] }] });
    assert.equal(noShipTo.status, 200, 'the admin moves to the other site and stays admin');
    const invited = await call(server, token, 'POST', '/orgUsers', { email, name: 'Later', shipTos: [mine.sites[0]] });
    assert.equal(invited.status, 201);
    const sentUntil = (invited.body as unknown as OrgUser).invitation?.expiresAt;
    assert.ok(sentUntil);

    await setClock(server, new Date(Date.parse(sentUntil) + 60_000).toISOString());
    try {
      const list = await call(server, token, 'GET', '/orgUsers');
      const later = (list.body.users as OrgUser[]).find((user) => user.uid === email);
      assert.deepEqual(later?.invitation, { sentAt: later?.invitation?.sentAt, expiresAt: sentUntil, expired: true });
      const resent = await call(server, token, 'POST', `/orgUsers/${encodeURIComponent(email)}/invitation`);
      assert.equal((resent.body as unknown as OrgUser).invitation?.expired, false, 'a resend gives a fresh link');
    } finally {
      await setClock(server, null);
    }

    const disabled = await call(server, token, 'PATCH', `/orgUsers/${encodeURIComponent(email)}`, { active: false });
    assert.equal(disabled.status, 200);
    assert.equal((disabled.body as unknown as OrgUser).invitation?.expired, true, 'disabling voids the open link');
    const refused = await call(server, token, 'POST', `/orgUsers/${encodeURIComponent(email)}/invitation`);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.errors?.[0]?.message, `User '${email}' is disabled`);

    const stranger = await company(server);
    const wrongSite = await call(server, token, 'POST', '/orgUsers', { email: `x${unique()}@example.com`, name: 'X', shipTos: [mine.sites[0]], roles: [{ soldTo: stranger.soldTo, roles: ['admin'] }] });
    assert.equal(wrongSite.status, 404);
    await server.database.db.insert(userRoles).values({ userId: admin.id, soldToCode: stranger.soldTo, role: 'admin' });
    const roleWithoutSite = await call(server, token, 'POST', '/orgUsers', { email: `x${unique()}@example.com`, name: 'X', shipTos: [mine.sites[0]], roles: [{ soldTo: stranger.soldTo, roles: ['admin'] }] });
    assert.equal(roleWithoutSite.status, 400);
    assert.equal(roleWithoutSite.body.errors?.[0]?.message, `Roles at sold-to '${stranger.soldTo}' need one of its ship-tos`);
  });
});
