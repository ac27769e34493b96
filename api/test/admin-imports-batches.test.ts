import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import { CHECK_BATCH } from '../src/admin/imports/import-kind';
import { auditLog, importRuns, prices, products } from '../src/db/schema';
import { operatorToken, type ImportReport as Report } from './support/admin-client';
import { startTestServer, type TestServer } from './support/test-server';

/** More rows than one batch, so every check below crosses from the first batch into the second. */
const ROWS = CHECK_BATCH + 1200;
const HEADER = 'code,name,description,brand,range,category,packSize,listPrice,vatRate,storage,shelfLifeDays';

/**
 * A products file of ROWS rows with codes `${prefix}00000`…; row 3's description holds a line break, so from
 * row 4 on each row starts one line further down than its position says (the header is line 1).
 */
function productFile(prefix: string, change: (index: number, cells: string[]) => void = () => undefined) {
  const lines = [HEADER];
  for (let index = 0; index < ROWS; index++) {
    const cells = [`${prefix}${String(index).padStart(5, '0')}`, `Batch Product ${prefix} ${index}`, index === 3 ? '"Two\nlines"' : '', 'Testbrand', 'DAIR', 'DAIR_BUTTER', '1 kg', `${(index % 90) + 1}.25`, '0', 'chilled', '10'];
    change(index, cells);
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}
const lineOf = (index: number) => (index <= 3 ? index + 2 : index + 3);
const codeOf = (prefix: string, index: number) => `${prefix}${String(index).padStart(5, '0')}`;

describe('imports larger than one batch', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer();
    admin = await operatorToken(server);
  });
  after(() => server.close());

  const upload = async (kind: string, body: string, dryRun = false) => {
    const response = await server.request(`/admin/v1/imports/${kind}?dryRun=${dryRun}&fileName=${kind}-batches.csv`, { method: 'POST', token: admin, headers: { 'content-type': 'text/csv' }, body });
    return { status: response.status, body: (await response.json()) as Report };
  };
  const stored = (prefix: string) => server.database.db.select({ code: products.code, listPricePence: products.listPricePence, description: products.description }).from(products).where(like(products.code, `${prefix}%`));

  it('reports bad rows of the second batch at their true lines, duplicates across batches too, and a real run writes nothing', async () => {
    const bad = CHECK_BATCH + 7;
    const repeat = CHECK_BATCH + 100;
    const file = productFile('BA', (index, cells) => {
      if (index === bad) cells[7] = '1.234';
      if (index === repeat) cells[0] = codeOf('BA', 10);
    });
    const problems = [
      { line: lineOf(bad), column: 'listPrice', reason: 'Must be an amount in pounds with at most two decimals, e.g. 12.50' },
      { line: lineOf(repeat), column: 'code', reason: `'${codeOf('BA', 10)}' appears already on line ${lineOf(10)}` },
    ];

    const dry = await upload('products', file, true);
    assert.equal(dry.status, 200);
    assert.deepEqual([dry.body.outcome, dry.body.rows, dry.body.valid, dry.body.refused], ['checked', ROWS, ROWS - 2, 2]);
    assert.deepEqual(dry.body.problems, problems);

    const real = await upload('products', file);
    assert.equal(real.status, 422);
    assert.deepEqual([real.body.outcome, real.body.rows, real.body.refused, real.body.inserted], ['refused', ROWS, 2, 0]);
    assert.deepEqual(real.body.problems, problems);
    assert.equal((await stored('BA')).length, 0, 'the first batch, which passed, was not written either');
  });

  it('applies every row exactly once, and a second run finds them all unchanged', async () => {
    const first = await upload('products', productFile('BB'));
    assert.equal(first.status, 200, JSON.stringify(first.body).slice(0, 300));
    assert.deepEqual([first.body.outcome, first.body.rows, first.body.valid, first.body.inserted, first.body.updated, first.body.unchanged], ['applied', ROWS, ROWS, ROWS, 0, 0]);
    const rows = await stored('BB');
    assert.equal(rows.length, ROWS);
    assert.equal(new Set(rows.map((row) => row.code)).size, ROWS);
    const last = rows.find((row) => row.code === codeOf('BB', ROWS - 1));
    assert.equal(last?.listPricePence, (((ROWS - 1) % 90) + 1) * 100 + 25);
    assert.equal(rows.find((row) => row.code === codeOf('BB', 3))?.description, 'Two\nlines');

    const again = await upload('products', productFile('BB'));
    assert.deepEqual([again.body.inserted, again.body.updated, again.body.unchanged], [0, 0, ROWS]);
    const changed = await upload('products', productFile('BB', (index, cells) => {
      if (index === CHECK_BATCH + 1) cells[7] = '99.99';
    }));
    assert.deepEqual([changed.body.inserted, changed.body.updated, changed.body.unchanged], [0, 1, ROWS - 1]);
    assert.equal((await stored('BB')).find((row) => row.code === codeOf('BB', CHECK_BATCH + 1))?.listPricePence, 9999);

    const [run] = await server.database.db.select().from(importRuns).where(and(eq(importRuns.fileName, 'products-batches.csv'), eq(importRuns.updatedCount, 1)));
    assert.deepEqual(run && [run.outcome, run.rowCount, run.insertedCount, run.unchangedCount], ['applied', ROWS, 0, ROWS - 1]);
    const audited = await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'import.products'), eq(auditLog.subject, 'file:products-batches.csv')));
    assert.deepEqual(audited.at(-1)?.after, { rows: ROWS, inserted: 0, updated: 1, unchanged: ROWS - 1 });
  });

  it('refuses a body sent without its length (chunked) once it passes 40 MB, with 413', async () => {
    // A header, then rows of too many fields: refused rows, which the import reads on (to report them all) without checking them further.
    const megabyte = new TextEncoder().encode(`${'x,'.repeat(50 * 1024 - 1)}x\n`.repeat(10));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === 0) controller.enqueue(new TextEncoder().encode(`${HEADER}\n`));
        else if (sent < 45) controller.enqueue(megabyte);
        else controller.close();
      },
    });
    const response = await server.request('/admin/v1/imports/products?dryRun=true&fileName=huge.csv', { method: 'POST', token: admin, headers: { 'content-type': 'text/csv' }, body, duplex: 'half' } as RequestInit);
    assert.equal(response.status, 413);
    assert.match(await response.text(), /at most 40 MB/);
  });

  it('imports prices across batches, naming an unknown product of the second batch at its line', async () => {
    assert.equal((await upload('products', productFile('BC'))).status, 200);
    const lines = ['soldTo,product,price'];
    for (let index = 0; index < ROWS; index++) lines.push(`0000100001,${codeOf('BC', index)},${(index % 50) + 1}.10`);
    const unknown = CHECK_BATCH + 40;
    const withUnknown = lines.map((line, at) => (at === unknown + 1 ? '0000100001,BC-NOPE,1.00' : line));
    const refused = await upload('prices', `${withUnknown.join('\n')}\n`);
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.problems, [{ line: unknown + 2, column: 'product', reason: "Product 'BC-NOPE' does not exist: import it first" }]);

    const applied = await upload('prices', `${lines.join('\n')}\n`);
    assert.deepEqual([applied.status, applied.body.inserted, applied.body.unchanged], [200, ROWS, 0]);
    const written = await server.database.db.select().from(prices).where(and(eq(prices.soldToCode, '0000100001'), like(prices.productCode, 'BC%')));
    assert.equal(written.length, ROWS);
    assert.equal(written.find((row) => row.productCode === codeOf('BC', ROWS - 1))?.pricePence, (((ROWS - 1) % 50) + 1) * 100 + 10);
  });
});
