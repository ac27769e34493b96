// test:api:embedded: the feed writes with one hand-written statement (unnest of three arrays, an upsert) that both engines must take alike
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, inArray } from 'drizzle-orm';
import { stockLevels } from '../src/db/schema';
import { operatorToken } from './support/admin-client';
import { onlyOnPostgres } from './support/engines';
import { ERP_CLIENT, integrationToken } from './support/integration-client';
import { CATALOGUE_CLIENT, newDairyProducts } from './support/stock-helpers';
import { startTestServer, type TestServer } from './support/test-server';

type Answer = { status: number; body: Record<string, unknown> & { errors?: { type: string; message: string; subject?: string }[] } };

describe('PUT /admin/v1/stock: the ERP sends available quantities per product and delivery date', () => {
  let server: TestServer;
  let erp: string;
  before(async () => {
    server = await startTestServer({ env: { INTEGRATION_CLIENTS: JSON.stringify([ERP_CLIENT, CATALOGUE_CLIENT]) } });
    erp = await integrationToken(server, CATALOGUE_CLIENT);
  });
  after(() => server.close());

  const put = async (body: unknown, token: string | null = erp, raw?: string): Promise<Answer> => {
    const response = await server.request('/admin/v1/stock', { method: 'PUT', ...(token ? { token } : {}), body: raw ?? JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };
  const newProducts = (codes: string[]) => newDairyProducts(server, codes.map((code) => ({ code, name: `Stock test product ${code}` })));
  const levelsOf = (codes: string[]) =>
    server.database.db
      .select({ productCode: stockLevels.productCode, deliveryDate: stockLevels.deliveryDate, available: stockLevels.available })
      .from(stockLevels)
      .where(inArray(stockLevels.productCode, codes))
      .orderBy(asc(stockLevels.productCode), asc(stockLevels.deliveryDate));

  it('writes every row, and the same feed again changes nothing; a later feed changes only what it changes', async () => {
    const codes = ['ST-1001', 'ST-1002'];
    await newProducts(codes);
    const feed = {
      levels: [
        { product: 'ST-1001', deliveryDate: '2026-12-01', available: 6 },
        { product: 'ST-1001', deliveryDate: '2026-12-03', available: 0 },
        { product: 'ST-1002', deliveryDate: '2026-12-01', available: 40 },
      ],
    };
    const first = await put(feed);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body, { received: 3, inserted: 3, updated: 0, unchanged: 0 });
    const again = await put(feed);
    assert.deepEqual(again.body, { received: 3, inserted: 0, updated: 0, unchanged: 3 });

    const later = await put({ levels: [{ product: 'ST-1001', deliveryDate: '2026-12-03', available: 12 }, { product: 'ST-1002', deliveryDate: '2026-12-01', available: 40 }] });
    assert.deepEqual(later.body, { received: 2, inserted: 0, updated: 1, unchanged: 1 });
    assert.deepEqual(await levelsOf(codes), [
      { productCode: 'ST-1001', deliveryDate: '2026-12-01', available: 6 },
      { productCode: 'ST-1001', deliveryDate: '2026-12-03', available: 12 },
      { productCode: 'ST-1002', deliveryDate: '2026-12-01', available: 40 },
    ]);
  });

  it('takes a bulk feed of 20 000 rows in one request', async () => {
    const codes = Array.from({ length: 1000 }, (_, index) => `ST-B${String(index).padStart(4, '0')}`);
    await newProducts(codes);
    const dates = Array.from({ length: 20 }, (_, index) => `2027-01-${String(index + 1).padStart(2, '0')}`);
    const levels = codes.flatMap((product, index) => dates.map((deliveryDate) => ({ product, deliveryDate, available: index % 7 })));
    const answer = await put({ levels });
    assert.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 500));
    assert.deepEqual(answer.body, { received: 20_000, inserted: 20_000, updated: 0, unchanged: 0 });
    const stored = await levelsOf(codes);
    assert.equal(stored.length, 20_000);
    assert.deepEqual(stored[7 * 20], { productCode: 'ST-B0007', deliveryDate: '2027-01-01', available: 0 });
  });

  it('refuses bad rows with 400, naming each row and field, and writes none of the feed', async () => {
    await newProducts(['ST-2001']);
    const answer = await put({
      levels: [
        { product: 'ST-2001', deliveryDate: '2026-12-01', available: 5 },
        { product: 'ST-2001', deliveryDate: '2026-02-30', available: 5 },
        { product: 'ST-2001', deliveryDate: '2026-12-02', available: -1 },
        { product: 'ST-2001', deliveryDate: '2026-12-02', available: 2.5 },
        'not a row',
        { product: 'ST-2001', deliveryDate: '2026-12-01', available: 7 },
        { product: "x'; drop table stock_levels; --", deliveryDate: '2026-12-01', available: 1 },
      ],
    });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.deepEqual(
      answer.body.errors?.map((error) => error.subject),
      ['levels.1.deliveryDate', 'levels.2.available', 'levels.3.available', 'levels.4', 'levels.5', 'levels.6.product'],
    );
    assert.match(answer.body.errors?.[4]?.message ?? '', /repeats row 0/);
    assert.deepEqual(await levelsOf(['ST-2001']), []);
  });

  it('refuses rows of products that do not exist, naming them, and writes nothing', async () => {
    await newProducts(['ST-3001']);
    const answer = await put({ levels: [{ product: 'ST-3001', deliveryDate: '2026-12-01', available: 5 }, { product: 'ST-NOPE', deliveryDate: '2026-12-01', available: 5 }] });
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body.errors?.map((error) => [error.subject, error.message]), [['levels.1.product', "1 row(s) refused; nothing was written: row 1 product Product 'ST-NOPE' does not exist"]]);
    assert.deepEqual(await levelsOf(['ST-3001']), []);
  });

  it('refuses a body that is not a feed with 400, and a huge body with 413, without a 5xx', async () => {
    for (const body of [{}, { levels: [] }, { levels: 'x' }, { levels: [], extra: 1 }, [1, 2]]) {
      const answer = await put(body);
      assert.equal(answer.status, 400, JSON.stringify(body));
    }
    assert.equal((await put(undefined, erp, '{"levels": [')).status, 400);
    const huge = `{"levels":[${Array.from({ length: 300_000 }, () => '{"product":"ST-1001","deliveryDate":"2026-12-01","available":1}').join(',')}]}`;
    const tooBig = await put(undefined, erp, huge);
    assert.equal(tooBig.status, 413);
    assert.equal(tooBig.body.errors?.[0]?.type, 'PayloadTooLargeError');
  });

  it('answers only the ERP with products:write and catalogue operators', async () => {
    const feed = { levels: [{ product: 'ST-1001', deliveryDate: '2026-12-01', available: 6 }] };
    assert.equal((await put(feed, null)).status, 401);
    assert.equal((await put(feed, await integrationToken(server, ERP_CLIENT))).status, 403);
    assert.equal((await put(feed, await operatorToken(server))).status, 200);
  });

  it('two identical feeds at once both succeed: the rows are locked in the same order', { skip: onlyOnPostgres }, async () => {
    const codes = Array.from({ length: 200 }, (_, index) => `ST-R${String(index).padStart(3, '0')}`);
    await newProducts(codes);
    const levels = codes.flatMap((product, index) => [{ product, deliveryDate: '2027-02-01', available: index }, { product, deliveryDate: '2027-02-02', available: index + 1 }]);
    const answers = await Promise.all([put({ levels: [...levels].reverse() }), put({ levels })]);
    assert.deepEqual(answers.map((answer) => answer.status), [200, 200]);
    assert.equal(answers.reduce((sum, answer) => sum + Number(answer.body.inserted), 0), 400);
  });
});
