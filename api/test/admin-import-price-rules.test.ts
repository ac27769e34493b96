// test:api:embedded: both kinds write with hand-written statements (unnest of arrays, an upsert on an expression index) that both engines must take alike
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { asc, inArray } from 'drizzle-orm';
import { datedPrices, volumeTiers } from '../src/db/schema';
import { operatorToken, type ImportReport } from './support/admin-client';
import { startTestServer, type TestServer } from './support/test-server';

const SOLD_TO = '0000100001';

describe('POST /admin/v1/imports/datedPrices and /volumeTiers', () => {
  let server: TestServer;
  let admin: string;
  const tag = randomUUID().slice(0, 6).toUpperCase();
  // The test's own products, so no other file's or the demo's price rules meet these.
  const [a, b, c, d] = ['A', 'B', 'C', 'D'].map((letter) => `IPR${tag}${letter}`) as [string, string, string, string];

  const upload = async (kind: string, csv: string, dryRun = false) => {
    const response = await server.request(`/admin/v1/imports/${kind}?dryRun=${dryRun}&fileName=${kind}.csv`, { method: 'POST', token: admin, headers: { 'content-type': 'text/csv' }, body: csv });
    return { status: response.status, body: (await response.json()) as ImportReport };
  };
  const problems = (body: ImportReport) => body.problems.map((problem) => [problem.line, problem.column, problem.reason]);
  const counts = (body: ImportReport) => [body.outcome, body.inserted, body.updated, body.unchanged];
  const datedRows = async (codes: string[]) =>
    (
      await server.database.db
        .select({ product: datedPrices.productCode, soldTo: datedPrices.soldToCode, from: datedPrices.validFrom, to: datedPrices.validTo, pence: datedPrices.pricePence })
        .from(datedPrices)
        .where(inArray(datedPrices.productCode, codes))
        .orderBy(asc(datedPrices.productCode), asc(datedPrices.soldToCode), asc(datedPrices.validFrom))
    ).map((row) => [row.product, row.soldTo, row.from, row.to, row.pence]);
  const tierRows = async (codes: string[]) =>
    (
      await server.database.db
        .select({ product: volumeTiers.productCode, soldTo: volumeTiers.soldToCode, min: volumeTiers.minQuantity, pence: volumeTiers.pricePence })
        .from(volumeTiers)
        .where(inArray(volumeTiers.productCode, codes))
        .orderBy(asc(volumeTiers.productCode), asc(volumeTiers.soldToCode), asc(volumeTiers.minQuantity))
    ).map((row) => [row.product, row.soldTo, row.min, row.pence]);

  before(async () => {
    server = await startTestServer();
    admin = await operatorToken(server);
    const header = 'code,name,brand,range,category,packSize,listPrice,vatRate,storage,shelfLifeDays';
    const rows = [a, b, c, d].map((code) => `${code},Price rule cheese ${code},Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,10.00,0,chilled,21`);
    const made = await upload('products', `${header}\n${rows.join('\n')}\n`);
    assert.equal(made.status, 200, JSON.stringify(made.body));
  });
  after(() => server.close());

  describe('datedPrices', () => {
    const HEADER = 'soldTo,product,validFrom,validTo,price\n';

    it('lists the kind with its columns, and a template', async () => {
      const kinds = await server.request('/admin/v1/imports/kinds', { token: admin });
      const body = (await kinds.json()) as { kinds: { kind: string; changesCatalogue: boolean; columns: { name: string; required: boolean }[] }[] };
      const dated = body.kinds.find((kind) => kind.kind === 'datedPrices');
      assert.deepEqual(
        dated?.columns.map((column) => [column.name, column.required]),
        [
          ['soldTo', false],
          ['product', true],
          ['validFrom', true],
          ['validTo', false],
          ['price', true],
        ],
      );
      assert.equal(dated?.changesCatalogue, true);
      const template = await server.request('/admin/v1/imports/datedPrices/template.csv', { token: admin });
      assert.equal(await template.text(), 'soldTo,product,validFrom,validTo,price\r\n,100001,2026-12-07,,8.95\r\n');
    });

    it('imports list and sold-to prices by date; the same file again changes nothing; a known first day changes its row', async () => {
      // Ranges that touch (to the 6th, from the 7th) do not overlap; a sold-to's own list is apart from the list price.
      const csv = `${HEADER},${a},2026-12-01,2026-12-06,9.50\n,${a},2026-12-07,,9.00\n${SOLD_TO},${a},2026-12-01,,£8.75\n`;
      const dry = await upload('datedPrices', csv, true);
      assert.deepEqual([dry.status, dry.body.outcome, dry.body.valid, dry.body.refused], [200, 'checked', 3, 0]);
      assert.deepEqual(await datedRows([a]), []);
      const applied = await upload('datedPrices', csv);
      assert.equal(applied.status, 200, JSON.stringify(applied.body));
      assert.deepEqual(counts(applied.body), ['applied', 3, 0, 0]);
      assert.deepEqual(await datedRows([a]), [
        [a, SOLD_TO, '2026-12-01', null, 875],
        [a, null, '2026-12-01', '2026-12-06', 950],
        [a, null, '2026-12-07', null, 900],
      ]);
      assert.deepEqual(counts((await upload('datedPrices', csv)).body), ['applied', 0, 0, 3]);
      // The sold-to's open row is closed and a new one follows it, in one file.
      const changed = await upload('datedPrices', `${HEADER}${SOLD_TO},${a},2026-12-01,2026-12-13,8.75\n${SOLD_TO},${a},2026-12-14,,8.50\n`);
      assert.deepEqual(counts(changed.body), ['applied', 1, 1, 0]);
      assert.deepEqual((await datedRows([a])).slice(0, 2), [
        [a, SOLD_TO, '2026-12-01', '2026-12-13', 875],
        [a, SOLD_TO, '2026-12-14', null, 850],
      ]);
    });

    it('refuses rows of one price list that overlap within the file, naming both lines', async () => {
      const csv = `${HEADER},${b},2026-12-01,2026-12-31,9.50\n${SOLD_TO},${b},2026-12-01,2026-12-31,9.00\n,${b},2026-12-15,,9.00\n${SOLD_TO},${b},2026-12-31,2027-01-31,8.00\n,${b},2026-12-01,2026-12-31,9.40\n`;
      const { status, body } = await upload('datedPrices', csv);
      assert.equal(status, 422);
      assert.deepEqual(problems(body), [
        [4, 'validFrom', `Lines 2 and 4 overlap: both price product ${b} for the list price, 2026-12-01 to 2026-12-31 and 2026-12-15 onwards`],
        [5, 'validFrom', `Lines 3 and 5 overlap: both price product ${b} for sold-to ${SOLD_TO}, 2026-12-01 to 2026-12-31 and 2026-12-31 to 2027-01-31`],
        [6, 'validFrom', `Lines 2 and 6 overlap: both price product ${b} for the list price, 2026-12-01 to 2026-12-31 and 2026-12-01 to 2026-12-31`],
      ]);
      assert.deepEqual(await datedRows([b]), []);
    });

    it('refuses rows overlapping stored rows, naming the stored dates', async () => {
      const stored = await upload('datedPrices', `${HEADER},${c},2026-12-01,2026-12-31,9.50\n${SOLD_TO},${c},2027-01-01,,9.00\n`);
      assert.equal(stored.status, 200, JSON.stringify(stored.body));
      const { status, body } = await upload('datedPrices', `${HEADER},${c},2026-11-20,2026-12-01,9.90\n${SOLD_TO},${c},2027-06-01,2027-06-30,8.00\n,${c},2027-01-01,,9.20\n`);
      assert.equal(status, 422);
      assert.deepEqual(problems(body), [
        [2, 'validFrom', `Overlaps the stored price of product ${c} for the list price, 2026-12-01 to 2026-12-31: a row with validFrom 2026-12-01 in this file changes it`],
        [3, 'validFrom', `Overlaps the stored price of product ${c} for sold-to ${SOLD_TO}, 2027-01-01 onwards: a row with validFrom 2027-01-01 in this file changes it`],
      ]);
      // As the reason says: the stored row given again (its first day) with a new last day makes room, in the same file.
      const fixed = await upload('datedPrices', `${HEADER},${c},2026-12-01,2026-12-14,9.50\n,${c},2026-12-15,,9.20\n`);
      assert.deepEqual(counts(fixed.body), ['applied', 1, 1, 0]);
      assert.deepEqual(await datedRows([c]), [
        [c, SOLD_TO, '2027-01-01', null, 900],
        [c, null, '2026-12-01', '2026-12-14', 950],
        [c, null, '2026-12-15', null, 920],
      ]);
    });

    it('refuses bad dates and prices, and unknown sold-tos and products, writing nothing', async () => {
      const csv = [
        `,${d},2026-02-30,,9.00`,
        `,${d},tomorrow,2026-12-31,9.00`,
        `,${d},2026-12-10,2026-12-09,9.00`,
        `,${d},,2026-12-09,9.00`,
        `,${d},2026-12-10,2026/12/31,9.00`,
        `,${d},2026-12-10,,9.005`,
        `0000199999,${d},2026-12-10,,9.00`,
        `,NOPE${tag},2026-12-10,,9.00`,
        `,${d},2026-12-10,,9.00`,
      ].join('\n');
      const { status, body } = await upload('datedPrices', `${HEADER}${csv}\n`);
      assert.equal(status, 422);
      assert.deepEqual([body.rows, body.valid, body.refused], [9, 1, 8]);
      assert.deepEqual(problems(body), [
        [2, 'validFrom', 'Must be a date, YYYY-MM-DD'],
        [3, 'validFrom', 'Must be a date, YYYY-MM-DD'],
        [4, 'validTo', 'Must be on or after validFrom (2026-12-10), or empty for no end'],
        [5, 'validFrom', 'Required'],
        [6, 'validTo', 'Must be a date, YYYY-MM-DD'],
        [7, 'price', 'Must be an amount in pounds with at most two decimals, e.g. 12.50'],
        [8, 'soldTo', "Sold-to '0000199999' does not exist: import the customer first"],
        [9, 'product', `Product 'NOPE${tag}' does not exist: import it first`],
      ]);
      assert.deepEqual(await datedRows([d]), []);
    });
  });

  describe('volumeTiers', () => {
    const HEADER = 'product,soldTo,minQuantity,price\n';

    it("imports everyone's and a sold-to's breaks; again changes nothing; a known break changes its price and the others stay", async () => {
      const csv = `${HEADER}${a},,5,9.50\n${a},,10,9.00\n${a},${SOLD_TO},5,8.80\n`;
      const dry = await upload('volumeTiers', csv, true);
      assert.deepEqual([dry.status, dry.body.outcome, dry.body.valid], [200, 'checked', 3]);
      assert.deepEqual(await tierRows([a]), []);
      const applied = await upload('volumeTiers', csv);
      assert.equal(applied.status, 200, JSON.stringify(applied.body));
      assert.deepEqual(counts(applied.body), ['applied', 3, 0, 0]);
      assert.deepEqual(counts((await upload('volumeTiers', csv)).body), ['applied', 0, 0, 3]);
      const changed = await upload('volumeTiers', `${HEADER}${a},,10,8.90\n${a},,20,8.50\n`);
      assert.deepEqual(counts(changed.body), ['applied', 1, 1, 0]);
      assert.deepEqual(await tierRows([a]), [
        [a, SOLD_TO, 5, 880],
        [a, null, 5, 950],
        [a, null, 10, 890],
        [a, null, 20, 850],
      ]);
    });

    it('refuses repeated breaks by line, quantities below two, and unknown codes, writing nothing', async () => {
      const csv = [`${b},,5,9.50`, `${b},${SOLD_TO},5,9.00`, `${b},,5,9.40`, `${b},,1,9.00`, `${b},,five,9.00`, `${b},0000199999,5,9.00`, `NOPE${tag},,5,9.00`, `${b},,6,`].join('\n');
      const { status, body } = await upload('volumeTiers', `${HEADER}${csv}\n`);
      assert.equal(status, 422);
      assert.deepEqual(problems(body), [
        [4, 'minQuantity', `'${b}/everyone/5' appears already on line 2`],
        [5, 'minQuantity', 'Must be between 2 and 9999'],
        [6, 'minQuantity', 'Must be a whole number'],
        [7, 'soldTo', "Sold-to '0000199999' does not exist: import the customer first"],
        [8, 'product', `Product 'NOPE${tag}' does not exist: import it first`],
        [9, 'price', 'Required'],
      ]);
      assert.deepEqual(await tierRows([b]), []);
    });
  });
});
