import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, outboxMessages } from '../src/db/schema';
import { createOperator, operatorToken } from './support/admin-client';
import { MULTI_DAIR, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { creditsMailEnv, decideCredit, deliveredOrder, FINANCE_CLIENT, insertCreditRequest, storedCredit, TINY_JPEG, type InsertedCreditRequest } from './support/credit-helpers';
import { ERP_CLIENT, integrationToken } from './support/integration-client';
import { eventually } from './support/order-helpers';
import { dispatch } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { startTestServer, type TestServer } from './support/test-server';

/** A user of ship-to 0000410002 beside multi@example.com (src/seed/demo-accounts.ts). */
const BUYER_DAIR = { username: 'buyer@example.com', shipTo: '0000410002', salesOrg: 'DAIR' } as const;

interface CreditView {
  code: string;
  orderCode: string;
  status: string;
  shipTo: { code: string; name: string };
  gross: { valuePence: number };
  net: { valuePence: number };
  vat: { valuePence: number };
  credited: { valuePence: number; formattedValue: string } | null;
  decision: { note: string | null; creditNoteNumber: string | null; decidedAt: string | null } | null;
  lines?: { entryNumber: number; quantity: number; reason: string; note: string | null; receivedQuantity: number | null; damagedQuantity: number | null; net: { valuePence: number } }[];
  decidedBy?: string | null;
  photos?: { id: number; contentType: string }[];
}

describe('credit requests: reads and decisions', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let solo: Shopper;
  let multi: Shopper;
  let buyer: Shopper;
  let erp: string;
  let finance: string;
  let admin: string;
  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({ env: creditsMailEnv(sink.url) });
    solo = await shopper(server, SOLO);
    multi = await shopper(server, MULTI_DAIR);
    buyer = await shopper(server, BUYER_DAIR);
    erp = await integrationToken(server, ERP_CLIENT);
    finance = await integrationToken(server, FINANCE_CLIENT);
    admin = await operatorToken(server);
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  /** A delivered order of `who` with one short line (3 of 3 delivered, 1 received) and one damaged (2 received, 1 damaged). */
  async function creditRequestOf(who: Shopper, photos = 0): Promise<InsertedCreditRequest> {
    const order = await deliveredOrder(server, erp, who, [3, 2]);
    return insertCreditRequest(
      server,
      order.code,
      [
        { entryNumber: 0, receivedQuantity: 1, reason: 'short', note: 'Two cases missing' },
        { entryNumber: 1, receivedQuantity: 2, damagedQuantity: 1, reason: 'damaged' },
      ],
      photos,
    );
  }

  const read = async (who: Shopper, code: string) => who.call('GET', `/users/current/creditrequests/${encodeURIComponent(code)}`, { scoped: false });
  const list = async (who: Shopper, query = '') => (await who.call('GET', `/users/current/creditrequests${query}`, { scoped: false })).body.creditRequests as CreditView[];
  const adminGet = (path: string, token = admin) => server.request(`/admin/v1${path}`, { token });

  it('shows the buyer the credit requests of their ship-tos with lines and amounts; other ship-tos\' are 404', async () => {
    const request = await creditRequestOf(solo);
    assert.match(request.code, /^CR-\d{6}$/);
    const seen = await read(solo, request.code);
    assert.equal(seen.status, 200, JSON.stringify(seen.body));
    const view = seen.body as unknown as CreditView;
    assert.equal(view.status, 'requested');
    assert.equal(view.orderCode, request.orderCode);
    assert.equal(view.shipTo.code, SOLO.shipTo);
    assert.equal(view.gross.valuePence, request.grossPence);
    assert.equal(view.net.valuePence + view.vat.valuePence, view.gross.valuePence);
    assert.equal(view.credited, null);
    assert.equal(view.decision, null);
    assert.deepEqual(view.lines?.map((line) => [line.entryNumber, line.quantity, line.reason, line.note, line.receivedQuantity, line.damagedQuantity]), [
      [0, 2, 'short', 'Two cases missing', 1, 0],
      [1, 1, 'damaged', null, 2, 1],
    ]);
    assert.equal(view.lines?.reduce((sum, line) => sum + line.net.valuePence, 0), request.netPence);
    assert.ok((await list(solo)).some((item) => item.code === request.code));

    // multi@example.com has other ship-tos: the request is missing to them, in the list and by code.
    assert.equal((await read(multi, request.code)).status, 404);
    assert.ok(!(await list(multi)).some((item) => item.code === request.code));
    assert.equal((await read(solo, 'CR-999999')).status, 404);
    const bad = await read(solo, 'CR 1');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors?.[0]?.subject, 'code');
    const badStatus = await solo.call('GET', '/users/current/creditrequests?status=pending', { scoped: false });
    assert.equal(badStatus.status, 400);
    assert.equal(badStatus.body.errors?.[0]?.subject, 'status');
    assert.ok((await list(solo, '?status=requested')).some((item) => item.code === request.code));
    assert.ok(!(await list(solo, '?status=accepted')).some((item) => item.code === request.code));
  });

  it('is seen by every user of the ship-to, not only the one who checked in', async () => {
    const request = await creditRequestOf(multi);
    assert.equal((await read(buyer, request.code)).status, 200);
    assert.ok((await list(buyer)).some((item) => item.code === request.code));
  });

  it('the ERP accepts a request: credited the requested gross, audit log, and the buyer is e-mailed', async () => {
    const request = await creditRequestOf(solo);
    const decided = await decideCredit(server, finance, request.code, { status: 'accepted', creditNoteNumber: 'CN-2026-0042' });
    assert.equal(decided.status, 200, JSON.stringify(decided.body));
    const view = decided.body as unknown as CreditView;
    assert.equal(view.status, 'accepted');
    assert.equal(view.credited?.valuePence, request.grossPence);
    assert.equal(view.decision?.creditNoteNumber, 'CN-2026-0042');
    assert.equal(view.decidedBy, 'client:erp-finance');

    const seen = (await read(solo, request.code)).body as unknown as CreditView;
    assert.equal(seen.status, 'accepted');
    assert.equal(seen.credited?.valuePence, request.grossPence);

    const [audited] = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, `creditRequest:${request.code}`));
    assert.equal(audited?.action, 'creditRequest.decide');
    assert.equal(audited?.operatorId, null);
    assert.deepEqual(audited?.before, { status: 'requested', grossPence: request.grossPence });
    assert.equal((audited?.after as { creditedPence: number }).creditedPence, request.grossPence);

    const events = await server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderingKey, request.code), eq(outboxMessages.type, 'credit.decided')));
    assert.deepEqual(events.map((event) => event.channel), ['mail'], 'mail only: the ERP is not told of its own decision');
    await dispatch(server);
    const mail = await eventually(async () => sink.mails.find((candidate) => candidate.subject?.includes(request.code)), 'the decision e-mail');
    assert.equal(mail.subject, `Credit request ${request.code}: accepted`);
    assert.equal((mail.to as { text: string }).text, SOLO.username);
    assert.ok(mail.text?.includes(`you will be credited ${view.credited?.formattedValue}`), mail.text);
    assert.ok(mail.text?.includes('Credit note CN-2026-0042'), mail.text);
    assert.ok(mail.text?.includes(`https://shop.meadowvale.example/account/credits/${request.code}/`), mail.text);
  });

  it('an operator partly accepts with an amount below the requested gross', async () => {
    const request = await creditRequestOf(solo);
    const decided = await decideCredit(server, admin, request.code, { status: 'partlyAccepted', amount: request.grossPence - 1, note: 'One case was found in the cold room' });
    assert.equal(decided.status, 200, JSON.stringify(decided.body));
    const view = decided.body as unknown as CreditView;
    assert.equal(view.status, 'partlyAccepted');
    assert.equal(view.credited?.valuePence, request.grossPence - 1);
    assert.equal(view.decision?.note, 'One case was found in the cold room');
    assert.match(String(view.decidedBy), /^operator:/);
    const [audited] = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, `creditRequest:${request.code}`));
    assert.ok(audited?.operatorId, 'the operator is in the audit log');
    await dispatch(server);
    const mail = await eventually(async () => sink.mails.find((candidate) => candidate.subject?.includes(request.code)), 'the decision e-mail');
    assert.equal(mail.subject, `Credit request ${request.code}: partly accepted`);
    assert.ok(mail.text?.includes('Our note: One case was found in the cold room'), mail.text);
  });

  it('rejection needs a note; rejected credits nothing and tells the buyer why', async () => {
    const request = await creditRequestOf(solo);
    const noNote = await decideCredit(server, finance, request.code, { status: 'rejected' });
    assert.equal(noNote.status, 400);
    assert.equal(noNote.body.errors?.[0]?.subject, 'note');
    const blankNote = await decideCredit(server, finance, request.code, { status: 'rejected', note: '   ' });
    assert.equal(blankNote.status, 400);
    assert.equal(blankNote.body.errors?.[0]?.subject, 'note');
    assert.equal((await storedCredit(server, request.code))?.status, 'requested', 'a refused decision changes nothing');

    const rejected = await decideCredit(server, finance, request.code, { status: 'rejected', note: 'Signed for in full by the kitchen' });
    assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
    const view = rejected.body as unknown as CreditView;
    assert.equal(view.credited?.valuePence, 0);
    assert.equal(view.decision?.note, 'Signed for in full by the kitchen');
    await dispatch(server);
    const mail = await eventually(async () => sink.mails.find((candidate) => candidate.subject?.includes(request.code)), 'the decision e-mail');
    assert.equal(mail.subject, `Credit request ${request.code}: rejected`);
    assert.ok(mail.text?.includes('Our note: Signed for in full by the kitchen'), mail.text);
  });

  it('the decision is e-mailed to every user of the ship-to who wants it, not only the buyer', async () => {
    // multi@example.com ordered for Quayside, which buyer@example.com and head@example.com hold too.
    const request = await creditRequestOf(multi);
    assert.equal((await decideCredit(server, finance, request.code, { status: 'accepted' })).status, 200);
    const events = await server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderingKey, request.code), eq(outboxMessages.type, 'credit.decided')));
    assert.deepEqual(events.map((event) => event.channel), ['mail', 'mail', 'mail'], 'one e-mail each, mail only');
    await dispatch(server);
    const addressees = async () => sink.mails.filter((mail) => mail.subject?.includes(request.code)).map((mail) => (mail.to as { text: string }).text).sort();
    await eventually(async () => ((await addressees()).length === 3 ? true : undefined), 'three decision e-mails');
    assert.deepEqual(await addressees(), ['buyer@example.com', 'head@example.com', 'multi@example.com']);
  });

  it('a buyer who turned status e-mails off is not e-mailed the decision', async () => {
    const PREFERENCES = '/users/current/notificationpreferences';
    const kinds = ['orderConfirmation', 'statusChanges', 'standingOrderReminders', 'cutoffReminders', 'approvalRequests', 'productChanges'];
    const current = (await multi.call('GET', PREFERENCES, { scoped: false })).body as Record<string, boolean>;
    const before = Object.fromEntries(kinds.map((kind) => [kind, current[kind] ?? true]));
    assert.equal((await multi.call('PUT', PREFERENCES, { body: { ...before, statusChanges: false }, scoped: false })).status, 200);
    try {
      const request = await creditRequestOf(multi);
      assert.equal((await decideCredit(server, finance, request.code, { status: 'accepted' })).status, 200);
      await dispatch(server);
      const events = await server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderingKey, request.code), eq(outboxMessages.type, 'credit.decided')));
      assert.ok(events.length > 0 && events.every((event) => event.deliveredAt), 'the mail channel is done with them');
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.ok(!sink.mails.some((mail) => mail.subject?.includes(request.code) && (mail.to as { text: string }).text === MULTI_DAIR.username), 'not to the buyer');
    } finally {
      await multi.call('PUT', PREFERENCES, { body: before, scoped: false });
    }
  });

  it('a decision is final: deciding twice is a 409 and changes nothing', async () => {
    const request = await creditRequestOf(solo);
    assert.equal((await decideCredit(server, finance, request.code, { status: 'accepted' })).status, 200);
    for (const body of [{ status: 'accepted' }, { status: 'rejected', note: 'Changed our mind' }, { status: 'partlyAccepted', amount: 1 }]) {
      const again = await decideCredit(server, admin, request.code, body);
      assert.equal(again.status, 409, JSON.stringify(again.body));
      assert.equal(again.body.errors?.[0]?.message, `Credit request ${request.code} is already accepted: a decision is final`);
    }
    const stored = await storedCredit(server, request.code);
    assert.equal(stored?.status, 'accepted');
    assert.equal(stored?.creditedPence, request.grossPence);
    const events = await server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderingKey, request.code), eq(outboxMessages.type, 'credit.decided')));
    assert.equal(events.length, 1, 'one e-mail');
  });

  it('two deciders racing: one decision wins, the other is a 409', async () => {
    const request = await creditRequestOf(solo);
    const answers = await Promise.all([
      decideCredit(server, finance, request.code, { status: 'accepted' }),
      decideCredit(server, admin, request.code, { status: 'rejected', note: 'No' }),
    ]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409]);
  });

  it('keeps amounts to the rules: never above the requested gross, accepted is all of it, partly is some of it', async () => {
    const request = await creditRequestOf(solo);
    const cases: [unknown, string][] = [
      [{ status: 'partlyAccepted', amount: request.grossPence + 1 }, `The amount (£${((request.grossPence + 1) / 100).toFixed(2)}) is more than`],
      [{ status: 'accepted', amount: request.grossPence + 100 }, 'is more than'],
      [{ status: 'accepted', amount: request.grossPence - 1 }, 'use partlyAccepted for less'],
      [{ status: 'partlyAccepted', amount: request.grossPence }, 'less than the'],
      [{ status: 'partlyAccepted', amount: 0 }, 'more than £0.00'],
      [{ status: 'partlyAccepted' }, 'needs the amount'],
      [{ status: 'rejected', amount: 5, note: 'x' }, 'credits nothing'],
    ];
    for (const [body, message] of cases) {
      const answer = await decideCredit(server, finance, request.code, body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.errors?.[0]?.subject, 'amount', JSON.stringify(answer.body));
      assert.ok(answer.body.errors?.[0]?.message.includes(message), answer.body.errors?.[0]?.message);
    }
    assert.equal((await storedCredit(server, request.code))?.status, 'requested');
    const exact = await decideCredit(server, finance, request.code, { status: 'accepted', amount: request.grossPence });
    assert.equal(exact.status, 200, 'accepted with the requested gross named');
  });

  it('refuses bad input with 400 naming the field, and never a 5xx', async () => {
    const request = await creditRequestOf(solo);
    const cases: [unknown, string][] = [
      [{}, 'status'],
      [{ status: 'requested' }, 'status'],
      [{ status: 'maybe' }, 'status'],
      [{ status: 'partlyAccepted', amount: -1 }, 'amount'],
      [{ status: 'partlyAccepted', amount: 1.5 }, 'amount'],
      [{ status: 'partlyAccepted', amount: '100' }, 'amount'],
      [{ status: 'partlyAccepted', amount: 1e12 }, 'amount'],
      [{ status: 'rejected', note: 'x'.repeat(1001) }, 'note'],
      [{ status: 'rejected', note: 5 }, 'note'],
      [{ status: 'accepted', creditNoteNumber: 'CN 1' }, 'creditNoteNumber'],
      [{ status: 'accepted', creditNoteNumber: 'x'.repeat(41) }, 'creditNoteNumber'],
      [[], 'body'],
    ];
    for (const [body, field] of cases) {
      const answer = await decideCredit(server, finance, request.code, body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.errors?.[0]?.subject, field, JSON.stringify(answer.body));
    }
    const malformed = await server.request(`/admin/v1/creditrequests/${request.code}/status`, { method: 'POST', token: finance, body: '{"status":' });
    assert.equal(malformed.status, 400);
    const badCode = await decideCredit(server, finance, 'CR 1', { status: 'accepted' });
    assert.equal(badCode.status, 400);
    assert.equal(badCode.body.errors?.[0]?.subject, 'code');
    assert.equal((await decideCredit(server, finance, 'CR-999999', { status: 'accepted' })).status, 404);
    assert.equal((await storedCredit(server, request.code))?.status, 'requested');
  });

  it('lets only operators and integration clients of scope invoices:write decide', async () => {
    const request = await creditRequestOf(solo);
    const statusOnly = await decideCredit(server, erp, request.code, { status: 'accepted' });
    assert.equal(statusOnly.status, 403, 'an integration client without invoices:write');
    assert.equal((await decideCredit(server, solo.token, request.code, { status: 'accepted' })).status, 403, 'a customer');
    assert.equal((await decideCredit(server, '', request.code, { status: 'accepted' })).status, 401, 'no token');
    assert.equal((await adminGet(`/creditrequests/${request.code}`, finance)).status, 403, 'the ERP decides but does not browse the back office');
    const service = await operatorToken(server, await createOperator(server, 'customerService'));
    assert.equal((await decideCredit(server, service, request.code, { status: 'accepted' })).status, 200, 'customer service decides');
  });

  it('the back office lists by status and shows a request with its lines and photos; photos only of that request', async () => {
    const request = await creditRequestOf(solo, 2);
    const other = await creditRequestOf(multi, 1);
    const listed = (await (await adminGet('/creditrequests?status=requested')).json()) as { creditRequests: CreditView[]; hasMore: boolean };
    assert.ok(listed.creditRequests.some((item) => item.code === request.code));
    assert.ok(listed.creditRequests.every((item) => item.status === 'requested'));
    const badFilter = await adminGet('/creditrequests?status=open');
    assert.equal(badFilter.status, 400);

    const detail = (await (await adminGet(`/creditrequests/${request.code}`)).json()) as CreditView;
    assert.equal(detail.lines?.length, 2);
    assert.deepEqual(detail.photos?.map((photo) => [photo.id, photo.contentType]), request.photoIds.map((id) => [id, 'image/jpeg']));
    const photo = await adminGet(`/creditrequests/${request.code}/photos/${request.photoIds[0]}`);
    assert.equal(photo.status, 200);
    assert.equal(photo.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual(Buffer.from(await photo.arrayBuffer()), TINY_JPEG);
    assert.equal((await adminGet(`/creditrequests/${request.code}/photos/${other.photoIds[0]}`)).status, 404, "another request's photo");
    assert.equal((await adminGet(`/creditrequests/${request.code}/photos/abc`)).status, 400);
    assert.equal((await adminGet('/creditrequests/CR-999999')).status, 404);
    assert.equal((await server.request(`/admin/v1/creditrequests/${request.code}/photos/${request.photoIds[0]}`, { token: solo.token })).status, 403, 'not for customers');
  });
});
