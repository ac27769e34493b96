import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config/config';
import { MULTI_DAIR, shopper, type Shopper } from './support/cart-helpers';
import { startTestServer, TEST_CLIENT, type TestServer } from './support/test-server';

const clientEnv = { STOREFRONT_CLIENT_ID: TEST_CLIENT.id, STOREFRONT_CLIENT_SECRET: TEST_CLIENT.secret };

describe('invoice supplier settings (INVOICE_*)', () => {
  it('are required in production on a database server, and stand in with demo values elsewhere', () => {
    const production = { ...clientEnv, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' };
    assert.throws(() => loadConfig(production), /INVOICE_SUPPLIER_NAME: required[\s\S]*INVOICE_BANK_ACCOUNT_NUMBER: required/);
    const issuer = {
      INVOICE_SUPPLIER_NAME: 'Dale Creamery Ltd',
      INVOICE_SUPPLIER_ADDRESS: 'Beck Side; Settle; BD24 9XY',
      INVOICE_VAT_NUMBER: 'GB987654321',
      INVOICE_PAYMENT_TERMS: '14 days net',
      INVOICE_BANK_ACCOUNT_NAME: 'Dale Creamery Ltd',
      INVOICE_BANK_SORT_CODE: '40-11-22',
      INVOICE_BANK_ACCOUNT_NUMBER: '87654321',
    };
    assert.deepEqual(loadConfig({ ...production, ...issuer }).invoiceIssuer.addressLines, ['Beck Side', 'Settle', 'BD24 9XY']);
    assert.throws(() => loadConfig({ ...production, ...issuer, INVOICE_BANK_SORT_CODE: 'CHANGE-ME' }), /INVOICE_BANK_SORT_CODE: must be a sort code/);
    assert.throws(() => loadConfig({ ...production, ...issuer, INVOICE_VAT_NUMBER: '123' }), /INVOICE_VAT_NUMBER/);
    assert.equal(loadConfig({ ...clientEnv, NODE_ENV: 'test', DATABASE_URL: 'postgres://db/x' }).invoiceIssuer.vatNumber, 'GB 123 4567 89');
  });
});

describe('test-only clock control (TEST_CLOCK_CONTROL)', () => {
  it('is refused in production and on a database server outside tests', () => {
    assert.throws(() => loadConfig({ ...clientEnv, NODE_ENV: 'production', TEST_CLOCK_CONTROL: 'true', DATA_DIR: '/tmp/mv-clock-x' }), /TEST_CLOCK_CONTROL/);
    assert.throws(
      () => loadConfig({ ...clientEnv, SESSION_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db/x', TEST_CLOCK_CONTROL: 'true' }),
      /TEST_CLOCK_CONTROL/,
    );
    assert.equal(loadConfig({ ...clientEnv, NODE_ENV: 'test', DATABASE_URL: 'postgres://db/x', TEST_CLOCK_CONTROL: 'true' }).clockControl, true);
  });

  describe('when off (the default)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
    });
    after(() => server.close());
    it('has no clock route', async () => {
      const answer = await server.request('/test/clock', { method: 'PUT', body: JSON.stringify({ now: '2026-11-24T10:00:00Z' }) });
      assert.equal(answer.status, 404);
    });
  });

  describe('when on', () => {
    let server: TestServer;
    let multi: Shopper;
    before(async () => {
      server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true' } });
      multi = await shopper(server, MULTI_DAIR);
    });
    after(async () => {
      await server.request('/test/clock', { method: 'PUT', body: JSON.stringify({ now: null }) });
      await server.close();
    });
    const setClock = (now: string | null) => server.request('/test/clock', { method: 'PUT', body: JSON.stringify({ now }) });
    const dates = async () => (await multi.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string; cutoff: string }[];

    it('moves "now" for delivery dates: the first date moves on when its cut-off passes', async () => {
      // Monday 24 November 2025, London: the ship-to's cut-off decides which date is first.
      assert.equal((await setClock('2025-11-24T09:00:00Z')).status, 200);
      const before = await dates();
      const first = before[0];
      assert.ok(first);
      assert.ok(first.date > '2025-11-24');
      assert.equal((await setClock(new Date(new Date(first.cutoff).getTime() + 60_000).toISOString())).status, 200);
      const afterCutoff = await dates();
      assert.notEqual(afterCutoff[0]?.date, first.date);
      assert.equal(afterCutoff[0]?.date, before[1]?.date);
    });

    it('refuses a malformed instant with 400 naming the field', async () => {
      const answer = await setClock('tomorrow');
      assert.equal(answer.status, 400);
      assert.equal(((await answer.json()) as { errors: { subject: string }[] }).errors[0]?.subject, 'now');
    });
  });
});
