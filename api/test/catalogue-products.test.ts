import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, isNotNull } from 'drizzle-orm';
import { categories, products } from '../src/db/schema';
import { customerPrices } from '../src/pricing/customer-prices';
import { BASE, startTestServer, type TestServer } from './support/test-server';
import { MULTI, MULTI_CHIL_ONLY, SOLO } from './support/catalogue';

describe('suggestions, product detail and product images', () => {
  let server: TestServer;
  let multi: string;
  before(async () => {
    server = await startTestServer();
    multi = await server.tokenFor(MULTI.username);
  });
  after(() => server.close());

  const suggestions = async (query: string) => {
    const response = await server.request(`${BASE}/products/suggestions?${query}`);
    return { status: response.status, body: (await response.json()) as { suggestions?: { value: string }[]; errors?: { subject: string }[] } };
  };
  const values = (body: { suggestions?: { value: string }[] }) => body.suggestions?.map((s) => s.value) ?? [];

  it('suggests product names, brands and category names, best first', async () => {
    const cheddar = await suggestions('term=chedd&max=5');
    assert.equal(cheddar.status, 200);
    assert.equal(values(cheddar.body).length, 5);
    assert.equal(values(cheddar.body)[0], 'Cheddar');
    assert.ok(values(cheddar.body).every((v) => /cheddar/i.test(v)));
    assert.ok(values((await suggestions('term=brookf')).body).includes('Brookfield'));
    assert.ok(values((await suggestions('term=Plant-b')).body).includes('Plant-based drinks'));
    assert.ok(values((await suggestions('term=chedar')).body).some((v) => /cheddar/i.test(v)), 'typo');
    assert.ok(values((await suggestions('term=creme%20fr')).body).includes('Crème Fraîche'), 'accents');
    assert.ok(values((await suggestions('term=  MOZZ  ')).body).includes('Mozzarella'), 'trimmed, any case');
  });

  it('suggests only values of the range named by salesOrg, and of either range without one', async () => {
    const db = server.database.db;
    const valuesOf = async (range: 'CHIL' | 'DAIR') => {
      const sold = await db
        .select({ name: products.name, brand: products.brand, category: categories.name })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(eq(products.range, range), eq(products.discontinued, false)));
      const parents = await db.select({ name: categories.name }).from(categories).where(and(eq(categories.range, range), isNotNull(categories.parentId)));
      return new Set([...sold.flatMap((row) => [row.name, row.brand, row.category]), ...parents.map((row) => row.name)]);
    };
    const dairy = await valuesOf('DAIR');
    const chilled = await valuesOf('CHIL');
    let chilledOnlySeen = false;
    for (const term of ['chees', 'cream', 'chick', 'meadowv', 'chedar']) {
      const scoped = values((await suggestions(`term=${term}&max=50&salesOrg=DAIR`)).body);
      for (const value of scoped) assert.ok(dairy.has(value), `'${value}' for '${term}' is not a dairy value`);
      const either = values((await suggestions(`term=${term}&max=50`)).body);
      for (const value of either) assert.ok(dairy.has(value) || chilled.has(value), `'${value}' for '${term}'`);
      if (either.some((value) => !dairy.has(value))) chilledOnlySeen = true;
      for (const value of values((await suggestions(`term=${term}&max=50&salesOrg=CHIL`)).body)) {
        assert.ok(chilled.has(value), `'${value}' for '${term}' is not a chilled value`);
      }
    }
    assert.ok(chilledOnlySeen, 'the terms find chilled values when no range is named');
    assert.equal((await suggestions('term=cheddar&salesOrg=FROZ')).status, 400);
  });

  it('answers an empty list for terms of 3 characters or fewer after trimming, and 400 for a bad max', async () => {
    for (const term of ['', 'che', '  ch  ', '%25%25%25']) {
      const { status, body } = await suggestions(`term=${term}`);
      assert.equal(status, 200);
      assert.deepEqual(body.suggestions, []);
    }
    for (const max of ['0', '1000', 'ten']) {
      const { status, body } = await suggestions(`term=cheddar&max=${max}`);
      assert.equal(status, 400);
      assert.equal(body.errors?.[0]?.subject, 'max');
    }
  });

  const detail = async (code: string, params: Record<string, string> = {}, token?: string) => {
    const response = await server.request(`${BASE}/products/${code}?${new URLSearchParams(params).toString()}`, { token });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { price?: { valuePence: number }; errors?: { subject: string }[] } };
  };

  it('returns one product with description and the ship-to’s price; 404 outside the scope', async () => {
    const [dairy] = await server.database.db.select().from(products).where(eq(products.range, 'DAIR')).limit(1);
    const [chill] = await server.database.db.select().from(products).where(eq(products.range, 'CHIL')).limit(1);
    assert.ok(dairy && chill);
    const anonymous = await detail(dairy.code);
    assert.equal(anonymous.status, 200);
    assert.equal(anonymous.body.name, dairy.name);
    assert.equal(anonymous.body.description, dairy.description);
    assert.equal(anonymous.body.price, undefined);
    assert.deepEqual(anonymous.body.images, [{ url: `/images/products/${dairy.code}.svg`, format: 'product', imageType: 'PRIMARY', altText: dairy.name }]);

    const priced = await detail(chill.code, { shipTo: MULTI_CHIL_ONLY.shipTo, salesOrg: 'CHIL' }, multi);
    const expected = await customerPrices(server.database.db, MULTI_CHIL_ONLY.soldTo, [chill.code]);
    assert.equal(priced.body.price?.valuePence, expected.get(chill.code)?.pricePence);

    assert.equal((await detail('999999999')).status, 404);
    assert.equal((await detail(dairy.code, { salesOrg: 'CHIL' })).status, 404, 'product of another range');
    assert.equal((await detail(dairy.code, { shipTo: MULTI_CHIL_ONLY.shipTo }, multi)).status, 404, 'ship-to without that range');
    assert.equal((await detail(dairy.code, { shipTo: SOLO.shipTo }, multi)).status, 404, 'ship-to not held');
    assert.equal((await detail(dairy.code, { shipTo: MULTI.shipTo })).status, 404, 'anonymous naming a ship-to');
    assert.equal((await detail(dairy.code, { shipTo: MULTI.shipTo, soldTo: SOLO.soldTo }, multi)).status, 404, 'sold-to of another');
    assert.equal((await detail(dairy.code, { salesOrg: 'FROZ' })).status, 400);
  });

  it('serves a generated SVG per product, cacheable, with an ETag that answers 304', async () => {
    const [first, second] = await server.database.db.select().from(products).limit(2);
    assert.ok(first && second);
    const response = await server.request(`/images/products/${first.code}.svg`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(response.headers.get('cache-control') ?? '', /max-age=\d{5,}/);
    const etag = response.headers.get('etag');
    assert.ok(etag);
    const svg = await response.text();
    assert.match(svg, /^<svg [^>]*viewBox="0 0 400 400"/);
    assert.ok(svg.includes(first.name.split(' ')[0] ?? ''));
    const again = await server.request(`/images/products/${first.code}.svg`);
    assert.equal(await again.text(), svg, 'deterministic');
    const other = await (await server.request(`/images/products/${second.code}.svg`)).text();
    assert.notEqual(other, svg);
    const revalidated = await server.request(`/images/products/${first.code}.svg`, { headers: { 'if-none-match': etag } });
    assert.equal(revalidated.status, 304);
    assert.equal((await server.request('/images/products/999999999.svg')).status, 404);
    assert.equal((await server.request('/images/products/..%2Fetc.svg')).status, 400);
  });
});
