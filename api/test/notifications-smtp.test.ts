import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
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
});
