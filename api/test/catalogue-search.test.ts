// test:api:embedded: search SQL (pg_trgm, unaccent) both engines must answer alike.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, not, sql } from 'drizzle-orm';
import { products, userShipTos, users } from '../src/db/schema';
import { customerPrices } from '../src/pricing/customer-prices';
import { startTestServer, type TestServer } from './support/test-server';
import { MULTI, MULTI_CHIL_ONLY, search, SOLO } from './support/catalogue';

describe('GET /products/search: free text, sorts, pagination, prices and scope', () => {
  let server: TestServer;
  let multi: string;
  before(async () => {
    server = await startTestServer();
    multi = await server.tokenFor(MULTI.username);
  });
  after(() => server.close());

  const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name);

  it('finds word starts, typos, any case and accents', async () => {
    const semi = await search(server, { salesOrg: 'DAIR', query: 'semi sk', pageSize: '100' });
    assert.equal(semi.status, 200);
    assert.ok(semi.body.products.length > 0);
    assert.ok(names(semi.body).every((n) => /semi-skimmed/i.test(n)), names(semi.body).join(', '));

    const typo = await search(server, { salesOrg: 'DAIR', query: 'chedar' });
    assert.ok(typo.body.products.length > 0);
    assert.match(typo.body.products[0]?.name ?? '', /cheddar/i);

    const upper = await search(server, { salesOrg: 'DAIR', query: 'CHEDDAR' });
    const lower = await search(server, { salesOrg: 'DAIR', query: 'cheddar' });
    assert.deepEqual(names(upper.body), names(lower.body));

    const plain = await search(server, { salesOrg: 'DAIR', query: 'creme fraiche' });
    const accented = await search(server, { salesOrg: 'DAIR', query: 'Crème Fraîche' });
    assert.ok(plain.body.products.some((p) => p.name === 'Crème Fraîche'));
    assert.deepEqual(names(plain.body), names(accented.body));
  });

  it('matches brand, category name, code and pack size, and ranks name matches first', async () => {
    const brand = await search(server, { salesOrg: 'DAIR', query: 'harrow farm', pageSize: '100' });
    assert.ok(brand.body.products.length > 0 && brand.body.products.every((p) => p.brand === 'Harrow Farm'));

    const category = await search(server, { salesOrg: 'DAIR', query: 'plant-based', pageSize: '100' });
    assert.ok(category.body.products.length > 0);
    assert.ok(category.body.products.every((p) => p.categories[0]?.code === 'DAIR_MILK_PLANT'));

    const code = await search(server, { salesOrg: 'DAIR', query: '100001' });
    assert.equal(code.body.products[0]?.code, '100001');

    const pack = await search(server, { salesOrg: 'DAIR', query: 'bag-in-box', pageSize: '100' });
    assert.ok(pack.body.products.length > 0 && pack.body.products.every((p) => p.packType === 'Bag-in-box'));

    // "cream" is in many descriptions and category names; products named "… Cream" come first.
    const cream = await search(server, { salesOrg: 'DAIR', query: 'cream', pageSize: '5' });
    assert.ok(cream.body.products.every((p) => /cream/i.test(p.name)), names(cream.body).join(', '));
  });

  it('answers OCC pagination, currentQuery, freeTextSearch and sorts, relevance first with free text', async () => {
    const { body } = await search(server, { salesOrg: 'DAIR', query: 'milk', pageSize: '7', currentPage: '1' });
    assert.equal(body.freeTextSearch, 'milk');
    assert.equal(body.currentQuery.query.value, 'milk:relevance');
    assert.equal(body.pagination.currentPage, 1);
    assert.equal(body.pagination.pageSize, 7);
    assert.equal(body.pagination.sort, 'relevance');
    assert.equal(body.pagination.totalPages, Math.ceil(body.pagination.totalResults / 7));
    assert.equal(body.products.length, 7);
    assert.deepEqual(
      body.sorts.map((s) => [s.code, s.selected]),
      [['relevance', true], ['name-asc', false], ['name-desc', false], ['price-asc', false], ['price-desc', false]],
    );
    const browse = await search(server, { salesOrg: 'DAIR' });
    assert.equal(browse.body.pagination.sort, 'name-asc');
    assert.equal(browse.body.pagination.pageSize, 20);
    assert.equal(browse.body.currentQuery.query.value, ':name-asc');
  });

  it('walks every page of a range exactly once, sellable products only', async () => {
    const expected = await server.database.db
      .select({ code: products.code })
      .from(products)
      .where(and(eq(products.range, 'CHIL'), not(products.discontinued)));
    const seen: string[] = [];
    for (let page = 0; ; page++) {
      const { body } = await search(server, { salesOrg: 'CHIL', query: ':name-desc', pageSize: '100', currentPage: String(page) });
      seen.push(...body.products.map((p) => p.code));
      if (page + 1 >= body.pagination.totalPages) {
        assert.equal(body.pagination.totalResults, expected.length);
        break;
      }
    }
    assert.deepEqual([...seen].sort(), expected.map((r) => r.code).sort());
    const past = await search(server, { salesOrg: 'CHIL', pageSize: '100', currentPage: '999' });
    assert.deepEqual(past.body.products, []);
    assert.equal(past.body.pagination.totalResults, expected.length);
  });

  it('sorts by name and by the caller’s own price', async () => {
    const byName = await search(server, { salesOrg: 'DAIR', query: ':name-desc', pageSize: '50' });
    const ns = names(byName.body);
    assert.deepEqual(ns, [...ns].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })).map((n) => n));
    const cheap = await search(server, { salesOrg: 'DAIR', shipTo: MULTI.shipTo, query: 'butter:price-asc', pageSize: '100' }, multi);
    const pence = cheap.body.products.map((p) => p.price?.valuePence ?? -1);
    assert.ok(pence.every((p) => p > 0));
    assert.deepEqual(pence, [...pence].sort((a, b) => a - b));
    const dear = await search(server, { salesOrg: 'DAIR', shipTo: MULTI.shipTo, query: 'butter:price-desc', pageSize: '100' }, multi);
    assert.deepEqual(dear.body.products.map((p) => p.price?.valuePence), [...pence].sort((a, b) => b - a));
  });

  it('prices each product for the ship-to’s sold-to, and only for a ship-to the user holds in that range', async () => {
    const own = await search(server, { salesOrg: 'CHIL', shipTo: MULTI_CHIL_ONLY.shipTo, soldTo: MULTI_CHIL_ONLY.soldTo, pageSize: '100' }, multi);
    assert.equal(own.status, 200);
    const expected = await customerPrices(server.database.db, MULTI_CHIL_ONLY.soldTo, own.body.products.map((p) => p.code));
    for (const product of own.body.products) {
      assert.equal(product.price?.valuePence, expected.get(product.code)?.pricePence, product.code);
      assert.equal(product.price?.currencyIso, 'GBP');
      assert.match(product.price?.formattedValue ?? '', /^£\d+\.\d\d$/);
    }
    // The other sold-to pays differently for at least some of the same products.
    const other = await customerPrices(server.database.db, MULTI.soldTo, own.body.products.map((p) => p.code));
    assert.ok(own.body.products.some((p) => other.get(p.code)?.pricePence !== p.price?.valuePence));

    const notHeld = await search(server, { salesOrg: 'DAIR', shipTo: SOLO.shipTo }, multi);
    assert.equal(notHeld.status, 404);
    const wrongRange = await search(server, { salesOrg: 'DAIR', shipTo: MULTI_CHIL_ONLY.shipTo }, multi);
    assert.equal(wrongRange.status, 404);
    const wrongSoldTo = await search(server, { salesOrg: 'DAIR', shipTo: MULTI.shipTo, soldTo: SOLO.soldTo }, multi);
    assert.equal(wrongSoldTo.status, 404);
    assert.equal(wrongSoldTo.body.errors?.[0]?.subject, 'soldTo');
    assert.equal(notHeld.body.errors?.[0]?.subject, 'shipTo');
    for (const refused of [notHeld, wrongRange, wrongSoldTo]) assert.equal(refused.body.products, undefined);

    // The ship-to is checked on every search: once it is no longer the user's, its prices are not either.
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, MULTI.username));
    assert.ok(user);
    const held = and(eq(userShipTos.shipToCode, MULTI_CHIL_ONLY.shipTo), eq(userShipTos.userId, user.id));
    const rows = await server.database.db.select().from(userShipTos).where(held);
    assert.equal(rows.length, 1);
    await server.database.db.delete(userShipTos).where(held);
    try {
      assert.equal((await search(server, { salesOrg: 'CHIL', shipTo: MULTI_CHIL_ONLY.shipTo, query: 'ham' }, multi)).status, 404);
    } finally {
      await server.database.db.insert(userShipTos).values(rows);
    }
    assert.equal((await search(server, { salesOrg: 'CHIL', shipTo: MULTI_CHIL_ONLY.shipTo, query: 'ham' }, multi)).status, 200);
  });

  it('shows no prices to anonymous and client-credentials callers, and refuses them a ship-to', async () => {
    const client = await server.clientToken();
    for (const token of [undefined, client]) {
      const { status, body } = await search(server, { salesOrg: 'DAIR', query: 'milk' }, token);
      assert.equal(status, 200);
      assert.ok(body.products.length > 0 && body.products.every((p) => p.price === undefined));
      assert.equal((await search(server, { salesOrg: 'DAIR', shipTo: MULTI.shipTo }, token)).status, 404);
    }
    assert.equal((await search(server, { salesOrg: 'DAIR' }, 'not-a-token')).status, 401);
  });

  it('matches % and _ as the characters typed, not as wildcards', async () => {
    const browse = await search(server, { salesOrg: 'DAIR', pageSize: '1' });
    const holding = (literal: string) =>
      server.database.db
        .select({ code: products.code })
        .from(products)
        .where(
          and(
            eq(products.range, 'DAIR'),
            not(products.discontinued),
            sql`strpos(lower(concat_ws(' ', ${products.name}, ${products.brand}, ${products.code}, ${products.packSize}, ${products.packType}, ${products.description})), ${literal}) > 0`,
          ),
        );
    const withPercent = await holding('%');
    assert.ok(withPercent.length > 0 && withPercent.length < browse.body.pagination.totalResults);
    const percent = await search(server, { salesOrg: 'DAIR', query: '%', pageSize: '100' });
    assert.equal(percent.status, 200);
    assert.equal(percent.body.pagination.totalResults, withPercent.length);
    const codes = new Set(withPercent.map((row) => row.code));
    assert.ok(percent.body.products.every((p) => codes.has(p.code)));

    const onePercent = await search(server, { salesOrg: 'DAIR', query: '1%', pageSize: '100' });
    assert.ok(onePercent.body.products.some((p) => p.name === '1% Fat Milk'));
    assert.equal(onePercent.body.pagination.totalResults, (await holding('1%')).length);
    for (const query of ['m%k', '_', 'semi_skimmed', '%%']) {
      const { status, body } = await search(server, { salesOrg: 'DAIR', query });
      assert.equal(status, 200, query);
      assert.equal(body.pagination.totalResults, 0, query);
    }
    assert.ok((await search(server, { salesOrg: 'DAIR', query: 'semi skimmed' })).body.pagination.totalResults > 0);
  });

  it('answers 400 naming the field for bad input, never a 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ salesOrg: 'DAIR', currentPage: '-1' }, 'currentPage'],
      [{ salesOrg: 'DAIR', currentPage: 'two' }, 'currentPage'],
      [{ salesOrg: 'DAIR', pageSize: '0' }, 'pageSize'],
      [{ salesOrg: 'DAIR', pageSize: '10000' }, 'pageSize'],
      [{ salesOrg: 'DAIR', pageSize: '2.5' }, 'pageSize'],
      [{ salesOrg: 'DAIR', query: 'milk:name-asc:brand' }, 'query'],
      [{ salesOrg: 'DAIR', query: 'milk:cheapest' }, 'query'],
      [{ salesOrg: 'DAIR', query: 'milk:name-asc:colour:red' }, 'query'],
      [{ salesOrg: 'DAIR', query: ':name-asc:collection:clearance' }, 'query'],
      [{ salesOrg: 'DAIR', query: ':name-asc:featuredProduct:maybe' }, 'query'],
      [{ salesOrg: 'DAIR', query: 'x'.repeat(600) }, 'query'],
      [{ salesOrg: 'FROZ' }, 'salesOrg'],
      [{}, 'salesOrg'],
      [{ salesOrg: 'DAIR', soldTo: MULTI.soldTo }, 'soldTo'],
      [{ salesOrg: 'DAIR', fields: 'FULL;drop' }, 'fields'],
      // PostgreSQL text cannot hold a NUL: refused for every input (issue 12), search text included.
      [{ salesOrg: 'DAIR', query: 'milk\u0000' }, 'query'],
    ];
    for (const [params, field] of cases) {
      const { status, body } = await search(server, params);
      assert.equal(status, 400, JSON.stringify(params));
      assert.equal(body.errors?.[0]?.subject, field, JSON.stringify(params));
    }
    for (const query of ["'; drop table products; --", '%_\\', '!!!', '   ', 'a & b | !c* <-> (d)']) {
      const { status } = await search(server, { salesOrg: 'DAIR', query });
      assert.equal(status, 200, query);
    }
  });
});
