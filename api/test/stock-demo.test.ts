import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateProduct, DEMO_PRODUCT_COUNT } from '../src/seed/generate-catalogue';
import { demoPrices } from '../src/seed/seed';
import { demoStockLevels } from '../src/seed/stock-demo';
import { MULTI_CHIL_PO, SOLO, shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

type Notice = { deliveryDate: string; available: number; backOn: string | null } | undefined;

describe('the demo stock (README "Demo users"): short and out-of-stock products on the next delivery dates', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('a dairy and a chilled product with 6 left, and one of each out of stock with a date it is back', async () => {
    const products = Array.from({ length: DEMO_PRODUCT_COUNT }, (_, index) => generateProduct(index));
    const limited = [...new Set(demoStockLevels(products, demoPrices(products), '2026-11-29').map((level) => level.product))];
    assert.deepEqual(limited, ['100579', '100581', '100597', '100600'], 'the README names these');
    for (const [who, short, out] of [
      [SOLO, '100579', '100581'],
      [MULTI_CHIL_PO, '100597', '100600'],
    ] as const) {
      const customer = await shopper(server, who);
      const notice = async (code: string) => (await customer.call('GET', `/products/${code}`)).body.stockNotice as Notice;
      assert.equal((await notice(short))?.available, 6);
      const gone = await notice(out);
      assert.equal(gone?.available, 0);
      assert.ok(gone?.backOn, 'the demo says when it is back');
    }
  });
});
