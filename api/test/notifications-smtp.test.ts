import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { formatPence } from '../src/pricing/money';
import { createCompany, createPerson, holdTestOrder } from './support/approval-helpers';
import { integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { freshShopper, postUnsubscribe, unsubscribeToken } from './support/notification-helpers';
import { placeTestOrder } from './support/order-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { startTestServer, type TestServer } from './support/test-server';

/** A header exactly as it came over SMTP (mailparser turns List-* headers into objects; the raw line is the fact). */
function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line?.slice(name.length + 1).replace(/\r?\n\s+/g, ' ').trim();
}

describe('one-click unsubscribe headers over SMTP', () => {
  let sink: SmtpSink;
  let server: TestServer;
  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Meadowvale Foods <orders@meadowvale.example>', SHOP_URL: 'https://shop.meadowvale.example', DELIVERY_TIMEOUT_SECONDS: '1', ...ON_DEMAND_OUTBOX, ...integrationEnv() },
    });
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  it('sends List-Unsubscribe with an https link and List-Unsubscribe-Post; one POST of its token stops that kind only', async () => {
    const user = await freshShopper(server, 'smtp-unsub');
    const order = await placeTestOrder(server, user, [1]);
    await dispatch(server);
    const [confirmation] = sink.mails.filter((mail) => mail.subject?.includes(order.code));
    assert.ok(confirmation);
    const link = rawHeader(confirmation, 'List-Unsubscribe');
    assert.match(link ?? '', /^<https:\/\/shop\.meadowvale\.example\/unsubscribe\/[\w-]{43}\/>$/);
    assert.equal(rawHeader(confirmation, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
    assert.ok(confirmation.text?.includes(link?.slice(1, -1) ?? 'missing'), 'the same link in the footer');

    assert.equal((await postUnsubscribe(server, { token: unsubscribeToken(link) })).status, 200);
    const erp = await integrationToken(server);
    const next = await placeTestOrder(server, user, [1]);
    assert.equal((await reportStatus(server, erp, next.code, { status: 'confirmed' })).status, 200);
    await dispatch(server);
    const subjects = sink.mails.filter((mail) => mail.subject?.includes(next.code)).map((mail) => mail.subject);
    assert.deepEqual(subjects, [`Order ${next.code} is confirmed`], 'the status change still goes; the confirmation does not');
    const [status] = sink.mails.filter((mail) => mail.subject === `Order ${next.code} is confirmed`);
    assert.ok(status && /Stop order status e-mails: https:\/\/shop\.meadowvale\.example\/unsubscribe\//.test(status.text ?? ''));
  });
  it('a held order: the buyer is told by when and by whom; a rejection names who rejected it, even with confirmations off', async () => {
    const company = await createCompany(server);
    const buyer = await createPerson(server, company, [], 'Ben Buyer');
    const approver = await createPerson(server, company, ['approver'], 'Priya Shah');
    const held = await holdTestOrder(server, buyer, company);
    await dispatch(server);
    const [notice] = sink.mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes(buyer.username) && mail.subject?.includes(held.code));
    assert.match(notice?.subject ?? '', new RegExp(`^Order ${held.code} needs approval by 12:00 on `));
    const text = (notice?.text ?? '').replace(/\s+/g, ' ');
    assert.ok(text.includes(`over your order limit of £1.00 (${formatPence(held.netPence)})`), text);
    assert.ok(text.includes('Waiting for Priya Shah. It must be approved by 12:00 on '), text);
    assert.ok(text.includes('otherwise it expires and is not delivered'), text);
    const [request] = sink.mails.filter((mail) => JSON.stringify(mail.to).includes(approver.username) && mail.subject?.includes(held.code));
    assert.ok((request?.text ?? '').replace(/\s+/g, ' ').includes('over the order limit of £1.00 for Ben Buyer'), request?.text);

    const off = { orderConfirmation: false, statusChanges: true, standingOrderReminders: true, cutoffReminders: true, approvalRequests: true, productChanges: true };
    assert.equal((await buyer.who.call('PUT', '/users/current/notificationpreferences', { body: off, scoped: false })).status, 200);
    const rejected = await approver.who.call('POST', `/users/current/orderapprovals/${held.code}/decision`, { body: { decision: 'REJECT', comment: 'Too much cream' }, scoped: false });
    assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
    await dispatch(server);
    const [rejection] = sink.mails.filter((mail) => mail.subject === `Order ${held.code} was not approved`);
    assert.ok(rejection, 'the rejection is sent with order confirmations turned off');
    assert.ok((rejection.text ?? '').replace(/\s+/g, ' ').includes('Priya Shah rejected it, so it will not be delivered. Their comment: Too much cream'), rejection.text);
    assert.equal(rawHeader(rejection, 'List-Unsubscribe'), undefined, 'no preference turns it off, so it offers none');
  });
});
