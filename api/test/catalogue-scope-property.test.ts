import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { customerPrices } from '../src/pricing/customer-prices';
import { startTestServer, type TestServer } from './support/test-server';
import { MULTI, MULTI_CHIL_ONLY, search } from './support/catalogue';

// What multi@example.com may name: each ship-to with the ranges it has, and the sold-to that pays.
const SCOPES = [
  { shipTo: MULTI.shipTo, salesOrg: 'DAIR', soldTo: MULTI.soldTo },
  { shipTo: MULTI.shipTo, salesOrg: 'CHIL', soldTo: MULTI.soldTo },
  { shipTo: '0000410003', salesOrg: 'DAIR', soldTo: MULTI.soldTo },
  { shipTo: MULTI_CHIL_ONLY.shipTo, salesOrg: 'CHIL', soldTo: MULTI_CHIL_ONLY.soldTo },
];

const filterArb = fc.oneof(
  fc.constantFrom('DAIR_CHEESE', 'DAIR_MILK_SEMI', 'CHIL_MEAT', 'CHIL_FISH_SMOKED', 'DAIR', 'CHIL', 'NOPE').map((v) => `category:${v}`),
  fc.constantFrom('Meadowvale', 'Brookfield', 'Coastline', 'Tavola', 'Nobody').map((v) => `brand:${v}`),
  fc.constantFrom('chilled', 'frozen', 'ambient').map((v) => `storage:${v}`),
  fc.constantFrom('Bottle', 'Tub', 'Block', 'Pack').map((v) => `packType:${v}`),
  fc.constantFrom('specialoffers', 'bestsellers').map((v) => `collection:${v}`),
  fc.constant('featuredProduct:true'),
);
const queryArb = fc.record({
  text: fc.oneof(fc.constantFrom('', 'milk', 'chedar', 'semi sk', 'ham', 'salmon', 'crème', 'brookfield'), fc.string({ maxLength: 12 }).map((s) => s.replace(/:/g, ' '))),
  sort: fc.constantFrom('', 'relevance', 'name-asc', 'name-desc', 'price-asc', 'price-desc'),
  filters: fc.array(filterArb, { maxLength: 4 }),
});

describe('GET /products/search: random filters, sorts and pages never widen the scope', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer();
    token = await server.tokenFor(MULTI.username);
  });
  after(() => server.close());

  it('returns only the requested range, priced for the ship-to’s own sold-to', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SCOPES),
        queryArb,
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('1', '7', '20', '100'),
        async (scope, q, page, pageSize) => {
          const query = [q.text, q.sort, ...q.filters].join(':');
          const { status, body } = await search(
            server,
            { shipTo: scope.shipTo, salesOrg: scope.salesOrg, query, currentPage: String(page), pageSize },
            token,
          );
          assert.equal(status, 200, `${query}: ${JSON.stringify(body.errors)}`);
          const expected = await customerPrices(server.database.db, scope.soldTo, body.products.map((p) => p.code));
          for (const product of body.products) {
            assert.equal(product.salesOrg, scope.salesOrg);
            // A card shows the price paid today: an offer's, with the sold-to's own before it as `wasPrice` (the demo's
            // dated prices start next week, so today's regular price is the sold-to's own).
            assert.equal((product.wasPrice ?? product.price)?.valuePence, expected.get(product.code)?.pricePence);
          }
          assert.ok(body.products.length <= Number(pageSize));
          const facetValues = body.facets.flatMap((f) => f.values.map((v) => v.count));
          assert.ok(facetValues.every((n) => Number.isInteger(n) && n >= 0));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers 200 or 400 to arbitrary query strings, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), fc.string({ maxLength: 6 }), async (query, pageSize) => {
        const { status } = await search(server, { salesOrg: 'DAIR', query, pageSize }, token);
        assert.ok(status === 200 || status === 400, `${status} for ${JSON.stringify({ query, pageSize })}`);
      }),
      { numRuns: 80 },
    );
  });
});
