import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { outboxMessages } from '../src/db/schema';
import { operatorToken } from './support/admin-client';
import { SOLO, shopper, type Shopper } from './support/cart-helpers';
import { integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { placeTestOrder } from './support/order-helpers';
import { dispatch, makeDue, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { startTestServer, type TestServer } from './support/test-server';

const mailEnv = (smtpUrl: string | undefined) => ({
  ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  MAIL_FROM: 'Meadowvale Foods <orders@meadowvale.example>',
  SHOP_URL: 'https://shop.meadowvale.example',
  DELIVERY_TIMEOUT_SECONDS: '1',
  ...ON_DEMAND_OUTBOX,
  ...integrationEnv(),
});

describe('e-mail through SMTP', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let solo: Shopper;
  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({ env: mailEnv(sink.url) });
    solo = await shopper(server, SOLO);
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  const mailsAbout = (code: string) => sink.mails.filter((mail) => mail.subject?.includes(code));

  it('sends the order confirmation to the user who placed it: text and HTML with lines, totals, PO, delivery date, instructions and a link', async () => {
    const order = await placeTestOrder(server, solo, [3, 2], { purchaseOrderNumber: 'PO-MAIL-7', deliveryInstructions: 'Side gate <code 4#21> & ring twice' });
    await dispatch(server);
    const [mail, ...more] = mailsAbout(order.code);
    assert.ok(mail, 'the confirmation');
    assert.equal(more.length, 0);
    assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined, SOLO.username);
    assert.equal(mail.from?.value[0]?.address, 'orders@meadowvale.example');
    assert.match(mail.subject ?? '', new RegExp(`^Order ${order.code} received: delivery \\w+day \\d{1,2} \\w+ \\d{4}$`));
    const text = mail.text ?? '';
    const html = typeof mail.html === 'string' ? mail.html : '';
    for (const entry of order.entries) {
      assert.ok(text.includes(`${entry.quantity} x ${entry.product.name}`), `text names line ${entry.product.name}`);
      assert.ok(html.includes(entry.product.code), `html names ${entry.product.code}`);
    }
    const detail = (await solo.call('GET', `/users/current/orders/${order.code}`, { scoped: false })).body as { totalPriceWithTax: { formattedValue: string }; totalTax: { formattedValue: string } };
    assert.ok(text.includes(`Total: ${detail.totalPriceWithTax.formattedValue}`));
    assert.ok(text.includes(`VAT: ${detail.totalTax.formattedValue}`));
    assert.ok(text.includes('PO number: PO-MAIL-7'));
    assert.ok(html.includes('PO-MAIL-7'));
    assert.ok(text.includes('Delivery instructions: Side gate <code 4#21> & ring twice'), text);
    assert.ok(html.includes('Delivery instructions</th><td style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left">Side gate &lt;code 4#21&gt; &amp; ring twice</td>'), html);
    assert.ok(text.includes(`https://shop.meadowvale.example/account/orders/${order.code}/`));
    assert.ok(html.includes(`href="https://shop.meadowvale.example/account/orders/${order.code}/"`));
    assert.match(mail.messageId ?? '', /^<msg_[0-9a-f]{32}@meadowvale\.mail>$/);
  });

  it('mails each status change, with the note and the shortage', async () => {
    const order = await placeTestOrder(server, solo, [3]);
    const erp = await integrationToken(server);
    assert.equal((await reportStatus(server, erp, order.code, { status: 'confirmed' })).status, 200);
    assert.equal((await reportStatus(server, erp, order.code, { status: 'picking' })).status, 200);
    assert.equal((await reportStatus(server, erp, order.code, { status: 'dispatched', lines: [{ entryNumber: 0, deliveredQuantity: 1 }], note: 'Butter is short this week' })).status, 200);
    await dispatch(server);
    const mails = mailsAbout(order.code);
    assert.deepEqual(mails.map((mail) => mail.subject), [
      `Order ${order.code} received: ${mails[0]?.subject?.split(': ')[1] ?? ''}`,
      `Order ${order.code} is confirmed`,
      `Order ${order.code} is being picked`,
      `Order ${order.code} is dispatched (some items short)`,
    ]);
    const dispatched = mails[3]?.text ?? '';
    assert.ok(dispatched.includes('Note from Meadowvale Foods: Butter is short this week'));
    assert.ok(dispatched.includes('delivered 1 (short 2)'));
  });
});

describe('e-mail while the SMTP server is down', () => {
  it('delays the mail and loses none: it goes out, once, when the server is back', async () => {
    const probe = await new SmtpSink().start();
    const port = probe.port;
    await probe.stop();
    const server = await startTestServer({ env: mailEnv(`smtp://127.0.0.1:${port}`) });
    const sink = new SmtpSink();
    try {
      const solo = await shopper(server, SOLO);
      const order = await placeTestOrder(server, solo, [1]);
      const mailRow = async () => {
        const [row] = await server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderingKey, order.code), eq(outboxMessages.channel, 'mail')));
        assert.ok(row);
        return row;
      };
      await dispatch(server);
      await makeDue(server);
      await dispatch(server);
      const failed = await mailRow();
      assert.equal(failed.attempts, 2);
      assert.equal(failed.deliveredAt, null);
      assert.match(failed.lastError ?? '', /ECONNREFUSED/);

      await sink.start(port);
      await makeDue(server);
      await dispatch(server);
      assert.ok((await mailRow()).deliveredAt);
      await makeDue(server);
      await dispatch(server);
      assert.equal(sink.mails.filter((mail) => mail.subject?.includes(order.code)).length, 1);
    } finally {
      await server.close();
      await sink.stop();
    }
  });
});

describe('e-mail in demo mode (no SMTP_URL)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: mailEnv(undefined) });
  });
  after(() => server.close());

  it('keeps the mails in the database, readable by operators through /admin/v1/mail', async () => {
    const solo = await shopper(server, SOLO);
    const order = await placeTestOrder(server, solo, [2], { purchaseOrderNumber: 'PO-DEMO-1' });
    const operator = await operatorToken(server);
    await dispatch(server);
    const list = (await (await server.request('/admin/v1/mail', { token: operator })).json()) as {
      smtp: boolean;
      messages: { id: number; to: string; subject: string }[];
    };
    assert.equal(list.smtp, false);
    const listed = list.messages.find((message) => message.subject.includes(order.code));
    assert.equal(listed?.to, SOLO.username);
    const mail = (await (await server.request(`/admin/v1/mail/${listed?.id}`, { token: operator })).json()) as { text: string; html: string; from: string };
    assert.ok(mail.text.includes('PO number: PO-DEMO-1'));
    assert.ok(mail.html.includes('PO-DEMO-1'));
    assert.equal(mail.from, 'Meadowvale Foods <orders@meadowvale.example>');
    assert.equal((await server.request('/admin/v1/mail', { token: solo.token })).status, 403);
    assert.equal((await server.request('/admin/v1/mail/999999', { token: operator })).status, 404);
    assert.equal((await server.request('/admin/v1/mail/x', { token: operator })).status, 400);
  });
});
