import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AddressObject } from 'mailparser';
import { MULTI_DAIR, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { integrationToken } from './support/integration-client';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { CATALOGUE_CLIENT, feedStock, newDairyProducts } from './support/stock-helpers';
import { startTestServer, type TestServer } from './support/test-server';

describe('"Tell me when it is back": one e-mail when a feed gives the product cases again', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let erp: string;
  let solo: Shopper;
  let dates: string[];
  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Meadowvale Foods <orders@meadowvale.example>', SHOP_URL: 'https://shop.meadowvale.example', ...ON_DEMAND_OUTBOX, INTEGRATION_CLIENTS: JSON.stringify([CATALOGUE_CLIENT]) },
    });
    erp = await integrationToken(server, CATALOGUE_CLIENT);
    solo = await shopper(server, SOLO);
    dates = ((await solo.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[]).map((one) => one.date);
    await newDairyProducts(server, [
      { code: 'ST-B1', name: 'Backinstock Quark' },
      { code: 'ST-B2', name: 'Backinstock Ghee' },
    ]);
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  const recipient = (to: AddressObject | AddressObject[] | undefined) => [to ?? []].flat().map((address) => address.text).join(', ');
  const ask = (who: Shopper, productCode: string) => who.call('POST', '/users/current/backinstock', { body: { productCode } });
  const mailsAbout = (code: string) => sink.mails.filter((mail) => mail.subject === `Back in stock: ${code === 'ST-B1' ? 'Backinstock Quark' : 'Backinstock Ghee'} (${code})`);

  it('asks once (a repeat changes nothing), and the first feed with cases sends exactly one mail; later feeds send none', async () => {
    const [first, second] = dates as [string, string];
    await feedStock(server, erp, [{ product: 'ST-B1', deliveryDate: first, available: 0 }]);
    const asked = await ask(solo, 'ST-B1');
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    assert.deepEqual(asked.body, { productCode: 'ST-B1', outcome: 'requested' });
    assert.deepEqual((await ask(solo, 'ST-B1')).body, { productCode: 'ST-B1', outcome: 'waiting' });

    // Still none: no mail.
    await feedStock(server, erp, [{ product: 'ST-B1', deliveryDate: first, available: 0 }]);
    await dispatch(server);
    assert.equal(mailsAbout('ST-B1').length, 0);

    await feedStock(server, erp, [{ product: 'ST-B1', deliveryDate: second, available: 8 }]);
    await dispatch(server);
    await dispatch(server);
    const mails = mailsAbout('ST-B1');
    assert.equal(mails.length, 1);
    assert.equal(recipient(mails[0]?.to), 'solo@example.com');
    assert.match(mails[0]?.text ?? '', /back in stock for delivery on/);
    assert.match(mails[0]?.text ?? '', /https:\/\/shop\.meadowvale\.example\/product\/ST-B1\//);

    // The same stock again, and more of it: the request was answered once.
    await feedStock(server, erp, [{ product: 'ST-B1', deliveryDate: second, available: 8 }]);
    await feedStock(server, erp, [{ product: 'ST-B1', deliveryDate: second, available: 20 }]);
    await dispatch(server);
    assert.equal(mailsAbout('ST-B1').length, 1);

    // Asking again after the answer is a new request.
    assert.equal((await ask(solo, 'ST-B1')).status, 201);
  });

  it('two customers waiting for a product get a mail each', async () => {
    const [first] = dates as [string];
    const multi = await shopper(server, MULTI_DAIR);
    assert.equal((await ask(solo, 'ST-B2')).status, 201);
    assert.equal((await ask(multi, 'ST-B2')).status, 201);
    await feedStock(server, erp, [{ product: 'ST-B2', deliveryDate: first, available: 3 }]);
    await dispatch(server);
    assert.deepEqual(mailsAbout('ST-B2').map((mail) => recipient(mail.to)).sort(), ['multi@example.com', 'solo@example.com']);
  });

  it('refuses a product it does not sell, a ship-to not held, and bad input, without a 5xx', async () => {
    assert.equal((await ask(solo, 'NOPE-1')).status, 404);
    assert.equal((await solo.call('POST', '/users/current/backinstock?shipTo=0000410002&salesOrg=DAIR', { body: { productCode: 'ST-B1' }, scoped: false })).status, 404);
    assert.equal((await solo.call('POST', '/users/current/backinstock', { body: { productCode: '' } })).status, 400);
    assert.equal((await solo.call('POST', '/users/current/backinstock', { body: { product: 'ST-B1' } })).status, 400);
    assert.equal((await solo.call('POST', '/users/current/backinstock', { body: {}, scoped: false })).status, 400);
  });
});
