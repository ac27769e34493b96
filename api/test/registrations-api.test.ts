import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import { findValidToken } from '../src/account-tokens/account-tokens';
import { rolesBySoldTo } from '../src/users/roles';
import { auditLog, mailMessages, registrationRequests, users, userShipTos } from '../src/db/schema';
import { REGISTRATION_RATES } from '../src/registrations/registration-routes';
import { REGISTRATION_LIMITS, registrationBody } from '../src/registrations/registration-schemas';
import { REGISTRATION_LIMITS as WEB_REGISTRATION_LIMITS } from '../../web/src/lib/people/registration-limits';
import { createOperator, operatorToken } from './support/admin-client';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { setClock } from './support/test-clock';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const SHOP_URL = 'https://shop.meadowvale.example';
const HARBOUR = '0000100001';
const QUAYSIDE = '0000410002';
const OLD_TOWN = '0000410003';
const CORNER_DELI = '0000410001';

/** Each test asks from an address of its own, so the per-client limit of one test never touches another's. */
const clientAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.org`;

const details = (email: string) => ({ email, name: 'Pat Doyle', companyName: 'Doyle Bakery', phone: '01904 123456', postcode: 'YO1 7LQ', message: 'We run two cafés.' });

describe('registration requests: request, confirm by e-mail, approve or decline', () => {
  let server: TestServer;
  let admin: string;

  const ask = (body: unknown, address = clientAddress()) =>
    server.request(`${BASE}/users`, { method: 'POST', body: JSON.stringify(body), headers: { 'x-forwarded-for': address } });
  const confirm = (token: string, address = clientAddress()) =>
    server.request(`${BASE}/registrationconfirmations`, { method: 'POST', body: JSON.stringify({ token }), headers: { 'x-forwarded-for': address } });
  const operatorCall = (method: string, path: string, body?: unknown, token = admin) =>
    server.request(`/admin/v1${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });

  const mailsTo = async (email: string) => {
    await dispatch(server);
    return server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email)).orderBy(mailMessages.id);
  };
  const tokenIn = (text: string, path: string) => {
    const match = new RegExp(`${SHOP_URL.replaceAll('.', '\\.')}${path}\\?token=(\\S+)`).exec(text);
    assert.ok(match?.[1], `a ${path} link in:\n${text}`);
    return decodeURIComponent(match[1]);
  };
  const requestsFor = (email: string) => server.database.db.select().from(registrationRequests).where(eq(registrationRequests.email, email));

  /** A request made and confirmed through the mail's link; answers its id. */
  const confirmedRequest = async (email: string) => {
    assert.equal((await ask(details(email))).status, 202);
    const [mail] = await mailsTo(email);
    assert.ok(mail);
    assert.equal((await confirm(tokenIn(mail.text, '/login/request-account/confirm/'))).status, 200);
    const [row] = await requestsFor(email);
    assert.ok(row);
    return row.id;
  };

  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', SHOP_URL, TRUST_PROXY: 'loopback', ...ON_DEMAND_OUTBOX } });
    admin = await operatorToken(server);
  });
  after(async () => {
    await server?.close();
  });

  it('answers 202 with no body, mails a single-use link, and lists the request once confirmed', async () => {
    const email = uniqueEmail('New.Person');
    const answer = await ask(details(email));
    assert.equal(answer.status, 202);
    assert.equal(await answer.text(), '');
    const [row] = await requestsFor(email.toLowerCase());
    assert.equal(row?.status, 'unconfirmed');
    assert.equal(row?.companyName, 'Doyle Bakery');

    const listed = async () =>
      ((await (await operatorCall('GET', '/registrations')).json()) as { registrations: { id: number; email: string; status: string }[] }).registrations.filter(
        (entry) => entry.email === email.toLowerCase(),
      );
    assert.deepEqual(await listed(), [], 'an unconfirmed request is not listed');

    const [mail] = await mailsTo(email.toLowerCase());
    assert.equal(mail?.subject, 'Confirm your e-mail address');
    assert.ok(mail?.headers === null || !JSON.stringify(mail.headers).includes('List-Unsubscribe'), 'a security mail carries no unsubscribe');
    const token = tokenIn(mail?.text ?? '', '/login/request-account/confirm/');
    const confirmed = await confirm(token);
    assert.equal(confirmed.status, 200);
    assert.deepEqual(await confirmed.json(), { confirmed: true });
    assert.deepEqual((await listed()).map((entry) => entry.status), ['confirmed']);

    const again = await confirm(token);
    assert.equal(again.status, 400);
    const body = (await again.json()) as { errors: { subject: string; message: string }[] };
    assert.equal(body.errors[0]?.subject, 'token');
    assert.equal(body.errors[0]?.message, 'This link has expired or has already been used');
  });

  it("answers an existing user's address exactly as a new one, makes no request and tells the owner instead", async () => {
    const unknown = await ask(details(uniqueEmail('nobody')));
    const known = await ask({ ...details('SOLO@example.com') });
    assert.equal(known.status, unknown.status);
    assert.equal(await known.text(), await unknown.text());
    assert.deepEqual([...known.headers.keys()].filter((name) => name !== 'date' && name !== 'x-request-id').sort(), [...unknown.headers.keys()].filter((name) => name !== 'date' && name !== 'x-request-id').sort());
    assert.deepEqual(await requestsFor('solo@example.com'), []);
    const mails = await mailsTo('solo@example.com');
    assert.equal(mails.at(-1)?.subject, 'You already have an account');
    assert.ok(!mails.at(-1)?.text.includes('token='));
  });

  it('a second request for an unconfirmed address replaces its details and link; a confirmed one waits unchanged, its requester told so', async () => {
    const email = uniqueEmail('twice');
    await ask(details(email));
    await ask({ ...details(email), companyName: 'Doyle Bakeries Ltd' });
    const rows = await requestsFor(email);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.companyName, 'Doyle Bakeries Ltd');
    const [first, second] = await mailsTo(email);
    assert.ok(first && second);
    assert.equal((await confirm(tokenIn(first.text, '/login/request-account/confirm/'))).status, 400, 'the first link stopped working');
    assert.equal((await confirm(tokenIn(second.text, '/login/request-account/confirm/'))).status, 200);

    const third = await ask({ ...details(email), companyName: 'Changed after confirming' });
    assert.equal(third.status, 202);
    assert.equal((await requestsFor(email)).length, 1, 'no second request');
    assert.equal((await requestsFor(email))[0]?.companyName, 'Doyle Bakeries Ltd');
    const mails = await mailsTo(email);
    assert.deepEqual(mails.map((mail) => mail.subject).slice(2), ['We already have your account request']);
    assert.ok(!mails.at(-1)?.text.includes('token='));
  });

  it('the confirmation link works for 24 hours', async () => {
    await setClock(server, '2026-12-01T09:00:00Z');
    try {
      const email = uniqueEmail('late');
      await ask(details(email));
      const [mail] = await mailsTo(email);
      await setClock(server, '2026-12-02T09:00:01Z');
      assert.equal((await confirm(tokenIn(mail?.text ?? '', '/login/request-account/confirm/'))).status, 400);
      assert.equal((await requestsFor(email))[0]?.status, 'unconfirmed');
    } finally {
      await setClock(server, null);
    }
  });

  it('refuses bad input naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ...details('not-an-address'), email: 'not-an-address' }, 'email'],
      [{ ...details(uniqueEmail('a')), companyName: '  ' }, 'companyName'],
      [{ ...details(uniqueEmail('a')), phone: 'call me' }, 'phone'],
      [{ ...details(uniqueEmail('a')), postcode: '<b>' }, 'postcode'],
      [{ ...details(uniqueEmail('a')), message: 'm'.repeat(1001) }, 'message'],
      [{ email: uniqueEmail('a') }, 'name'],
    ];
    for (const [body, field] of cases) {
      const answer = await ask(body);
      assert.equal(answer.status, 400, field);
      assert.equal(((await answer.json()) as { errors: { subject: string }[] }).errors[0]?.subject, field);
    }
    const noToken = await confirm('');
    assert.equal(noToken.status, 400);
    assert.equal(((await noToken.json()) as { errors: { subject: string }[] }).errors[0]?.subject, 'token');
  });

  it('limits requests per address silently (same 202) and per client address with a 429', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < REGISTRATION_RATES.perEmail.limit + 2; i += 1) assert.equal((await ask(details(email))).status, 202);
    assert.equal((await mailsTo(email)).length, REGISTRATION_RATES.perEmail.limit, 'past the limit nothing is sent');

    const address = clientAddress();
    for (let i = 0; i < REGISTRATION_RATES.perClient.limit; i += 1) assert.equal((await ask(details(uniqueEmail('burst')), address)).status, 202);
    const refused = await ask(details(uniqueEmail('burst')), address);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.equal((await ask(details(uniqueEmail('burst')))).status, 202, 'another client is not held up');
  });

  it('an operator approves: the user is made with the ship-tos and roles given, and invited', async () => {
    const email = uniqueEmail('approved');
    const id = await confirmedRequest(email);
    // Codes typed without their leading zeros, as the ERP's screens show them, are the same codes.
    const approved = await operatorCall('POST', `/registrations/${id}/approval`, { soldTo: ' 100001 ', shipTos: ['410002', OLD_TOWN], roles: ['approver'] });
    assert.equal(approved.status, 200);
    const view = (await approved.json()) as { status: string; username: string; decidedBy: string };
    assert.equal(view.status, 'approved');
    assert.equal(view.username, email);
    assert.equal(view.decidedBy, 'admin@meadowvale.example');

    const [user] = await server.database.db.select().from(users).where(eq(users.username, email));
    assert.ok(user);
    assert.equal(user.name, 'Pat Doyle');
    assert.equal(user.passwordHash, '!', 'no password until the invitation is accepted');
    const ships = await server.database.db.select({ code: userShipTos.shipToCode }).from(userShipTos).where(eq(userShipTos.userId, user.id));
    assert.deepEqual(ships.map((row) => row.code).sort(), [QUAYSIDE, OLD_TOWN]);
    assert.deepEqual(Object.fromEntries(await rolesBySoldTo(server.database.db, user.id)), { [HARBOUR]: ['buyer', 'approver'] });

    const invitation = (await mailsTo(email)).at(-1);
    assert.equal(invitation?.subject, 'You are invited to order from Meadowvale Foods');
    assert.match(invitation?.text ?? '', /Your request of \w+ \d{1,2} \w+ \d{4} for an account has been approved: you can now order from Meadowvale Foods for Harbour Hospitality Ltd \(/, 'the mail refers to the request');
    assert.match(invitation?.text ?? '', new RegExp(`You sign in with your e-mail address, ${email.replace(/[.+]/g, '\\$&')}\\.`));
    const valid = await findValidToken(server.database.db, tokenIn(invitation?.text ?? '', '/login/reset-password/'), ['invitation'], new Date());
    assert.equal(valid?.userId, user.id);

    const audit = await server.database.db.select().from(auditLog).where(and(eq(auditLog.subject, `registration:${id}`), eq(auditLog.action, 'registration.approve')));
    assert.equal(audit.length, 1);

    const twice = await operatorCall('POST', `/registrations/${id}/approval`, { soldTo: HARBOUR, shipTos: [QUAYSIDE] });
    assert.equal(twice.status, 409);
    assert.equal(((await twice.json()) as { errors: { message: string }[] }).errors[0]?.message, `Registration request ${id} is approved: no decision can be made`);
    assert.equal((await operatorCall('POST', `/registrations/${id}/decline`, { reason: 'No' })).status, 409);
  });

  it('refuses an approval with a ship-to of another sold-to, an unknown sold-to, or an address taken since', async () => {
    const id = await confirmedRequest(uniqueEmail('checked'));
    const cases: [unknown, number, string][] = [
      [{ soldTo: HARBOUR, shipTos: [QUAYSIDE, CORNER_DELI] }, 400, 'shipTos'],
      [{ soldTo: '0000999999', shipTos: [QUAYSIDE] }, 400, 'soldTo'],
      [{ soldTo: HARBOUR, shipTos: [] }, 400, 'shipTos'],
      [{ soldTo: HARBOUR, shipTos: [QUAYSIDE], roles: ['owner'] }, 400, 'roles.0'],
    ];
    for (const [body, status, subject] of cases) {
      const answer = await operatorCall('POST', `/registrations/${id}/approval`, body);
      assert.equal(answer.status, status, JSON.stringify(body));
      assert.equal(((await answer.json()) as { errors: { subject: string }[] }).errors[0]?.subject, subject);
    }
    assert.equal((await operatorCall('POST', '/registrations/99999999/approval', { soldTo: HARBOUR, shipTos: [QUAYSIDE] })).status, 404);

    const email = uniqueEmail('taken');
    const takenId = await confirmedRequest(email);
    await server.database.db.insert(users).values({ username: email, email, name: 'Already here', customerId: `T-${email}`, passwordHash: '!' });
    const taken = await operatorCall('POST', `/registrations/${takenId}/approval`, { soldTo: HARBOUR, shipTos: [QUAYSIDE] });
    assert.equal(taken.status, 409);
    assert.equal(((await taken.json()) as { errors: { subject: string }[] }).errors[0]?.subject, 'email');
    assert.equal((await requestsFor(email))[0]?.status, 'confirmed', 'nothing changed');
  });

  it('an operator declines with a reason, which is e-mailed; unconfirmed requests await no decision', async () => {
    const email = uniqueEmail('declined');
    const id = await confirmedRequest(email);
    const noReason = await operatorCall('POST', `/registrations/${id}/decline`, { reason: ' ' });
    assert.equal(noReason.status, 400);
    assert.equal(((await noReason.json()) as { errors: { subject: string }[] }).errors[0]?.subject, 'reason');

    const declined = await operatorCall('POST', `/registrations/${id}/decline`, { reason: 'We do not deliver to your area yet.' });
    assert.equal(declined.status, 200);
    assert.equal(((await declined.json()) as { status: string; declineReason: string }).declineReason, 'We do not deliver to your area yet.');
    const mail = (await mailsTo(email)).at(-1);
    assert.equal(mail?.subject, 'Your account request');
    assert.ok(mail?.text.includes('We do not deliver to your area yet.'));
    const list = (await (await operatorCall('GET', '/registrations?status=declined')).json()) as { registrations: { id: number }[] };
    assert.ok(list.registrations.some((entry) => entry.id === id));
    assert.equal((await server.database.db.select().from(users).where(eq(users.username, email))).length, 0);

    const pending = uniqueEmail('pending');
    await ask(details(pending));
    const [row] = await requestsFor(pending);
    assert.equal((await operatorCall('POST', `/registrations/${row?.id}/decline`, { reason: 'No' })).status, 409);
  });

  it('customer service may decide; a customer token may not', async () => {
    const service = await operatorToken(server, await createOperator(server, 'customerService'));
    assert.equal((await operatorCall('GET', '/registrations', undefined, service)).status, 200);
    const customer = await server.tokenFor('solo@example.com');
    assert.equal((await operatorCall('GET', '/registrations', undefined, customer)).status, 403);
    assert.equal((await server.request('/admin/v1/registrations')).status, 401);
    const leftovers = await server.database.db.select().from(mailMessages).where(like(mailMessages.text, '%token=%'));
    assert.ok(leftovers.every((mail) => mail.text.includes(SHOP_URL)), 'links use the configured shop URL');
  });
});

describe('the request form and the API accept the same (web/src/lib/people/registration-limits.ts)', () => {
  it('has the same limits on both sides, and the API takes values at them', () => {
    assert.deepEqual({ ...WEB_REGISTRATION_LIMITS }, { ...REGISTRATION_LIMITS });
    const atLimits = {
      email: `${'a'.repeat(REGISTRATION_LIMITS.email - 12)}@example.org`,
      name: 'n'.repeat(REGISTRATION_LIMITS.name),
      companyName: 'c'.repeat(REGISTRATION_LIMITS.companyName),
      phone: '1'.repeat(REGISTRATION_LIMITS.phone),
      postcode: 'P'.repeat(REGISTRATION_LIMITS.postcode),
      message: 'm'.repeat(REGISTRATION_LIMITS.message),
    };
    assert.ok(registrationBody.safeParse(atLimits).success);
    for (const field of Object.keys(atLimits) as (keyof typeof atLimits)[]) {
      assert.ok(!registrationBody.safeParse({ ...atLimits, [field]: `${atLimits[field]}1` }).success, field);
    }
  });
});
