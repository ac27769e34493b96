import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { prices, products } from '../src/db/schema';
import { vatPence } from '../src/pricing/money';
import { sellableProducts, shopper, MULTI_DAIR, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

/** The price list as the database holds it: the sold-to's own price, else the list price. */
async function serverPrices(server: TestServer, soldTo: string, codes: string[]) {
  const list = await server.database.db
    .select({ code: products.code, list: products.listPricePence, vat: products.vatRateBp })
    .from(products)
    .where(inArray(products.code, codes));
  const own = await server.database.db
    .select({ code: prices.productCode, price: prices.pricePence })
    .from(prices)
    .where(and(eq(prices.soldToCode, soldTo), inArray(prices.productCode, codes)));
  const ownBy = new Map(own.map((row) => [row.code, row.price]));
  return new Map(list.map((row) => [row.code, { price: ownBy.get(row.code) ?? row.list, vat: row.vat }]));
}

describe('order totals (property)', () => {
  let server: TestServer;
  let buyer: Shopper;
  let codes: string[];
  let date: string;
  before(async () => {
    server = await startTestServer();
    buyer = await shopper(server, MULTI_DAIR);
    codes = await sellableProducts(server, 'DAIR', 40);
    const dates = (await buyer.call('GET', '/users/current/deliverydates')).body.deliveryDates as { date: string }[];
    date = dates[0]?.date as string;
  });
  after(() => server.close());

  it('equal the sum of server price x quantity plus VAT per line, and are never negative', async () => {
    const table = await serverPrices(server, '0000100001', codes);
    const lines = fc.uniqueArray(fc.record({ product: fc.constantFrom(...codes), quantity: fc.integer({ min: 1, max: 9999 }) }), {
      minLength: 1,
      maxLength: 8,
      selector: (line) => line.product,
    });
    await fc.assert(
      fc.asyncProperty(lines, async (cartLines) => {
        await buyer.call('DELETE', '/users/current/carts/active');
        for (const line of cartLines) {
          // A client-sent price is ignored: only the server's price list counts.
          const added = await buyer.call('POST', '/users/current/carts/active/entries', {
            body: { product: { code: line.product }, quantity: line.quantity, basePrice: { valuePence: 1 } },
          });
          assert.equal(added.status, 200);
        }
        await buyer.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: date } });
        const placed = await buyer.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
        assert.equal(placed.status, 201, JSON.stringify(placed.body));
        const order = placed.body as { totalPrice: { valuePence: number }; totalTax: { valuePence: number }; totalPriceWithTax: { valuePence: number } };
        let net = 0;
        let vat = 0;
        for (const line of cartLines) {
          const price = table.get(line.product);
          assert.ok(price);
          net += price.price * line.quantity;
          vat += vatPence(price.price * line.quantity, price.vat);
        }
        assert.equal(order.totalPrice.valuePence, net);
        assert.equal(order.totalTax.valuePence, vat);
        assert.equal(order.totalPriceWithTax.valuePence, net + vat);
        assert.ok(order.totalPriceWithTax.valuePence >= 0 && order.totalTax.valuePence >= 0);
      }),
      { numRuns: 25 },
    );
  });
});
