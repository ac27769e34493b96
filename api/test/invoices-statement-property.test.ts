import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { buildStatement, signedAmount, statementCsv, type StatementEntry } from '../src/invoices/statement';
import { SOLO, shopper, type Shopper } from './support/cart-helpers';
import { invoiceEnv, invoiceToken, postPayment, putInvoice, SOLD_TO_DELI } from './support/invoice-helpers';
import { BASE, startTestServer, type TestServer } from './support/test-server';

/** "12.34" / "-0.05" / "" back to pence, without floating point. */
function pence(text: string): number {
  if (text === '') return 0;
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  assert.ok(match, `an amount with two decimals, got '${text}'`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

/** The rows of the statement CSV (the cells this test checks are never quoted). */
const rowsOf = (csv: string) =>
  csv
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

/** The statement's own arithmetic, read back from its CSV: opening + debits − credits, row by row, to the closing balance. */
function checkCsv(csv: string, expected: { opening: number; invoices: number; creditNotes: number; payments: number }) {
  const rows = rowsOf(csv).slice(1);
  const opening = rows[0];
  const closing = rows.at(-1);
  assert.equal(opening?.[1], 'Opening balance');
  assert.equal(closing?.[1], 'Closing balance');
  assert.equal(pence(opening?.[6] ?? ''), expected.opening, 'opening balance');
  let balance = expected.opening;
  const sums = { Invoice: 0, 'Credit note': 0, Payment: 0 } as Record<string, number>;
  for (const row of rows.slice(1, -1)) {
    const debit = pence(row[4] ?? '');
    const credit = pence(row[5] ?? '');
    sums[row[1] ?? ''] = (sums[row[1] ?? ''] ?? 0) + debit + credit;
    balance += debit - credit;
    assert.equal(pence(row[6] ?? ''), balance, `running balance after ${row.join(',')}`);
  }
  assert.deepEqual([sums.Invoice, sums['Credit note'], sums.Payment], [expected.invoices, expected.creditNotes, expected.payments]);
  assert.equal(pence(closing?.[6] ?? ''), expected.opening + expected.invoices - expected.creditNotes - expected.payments, 'closing = opening + invoices − credit notes − payments');
}

const day = fc.integer({ min: 0, max: 120 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

describe('statement balances add up to the penny (property)', () => {
  it('for any entries and range: closing = opening + invoices − credit notes − payments, every row in between', () => {
    const entry = fc.record({
      date: day,
      kind: fc.constantFrom('invoice', 'creditNote', 'payment') as fc.Arbitrary<StatementEntry['kind']>,
      number: fc.stringMatching(/^[A-Z]{2}-\d{1,4}$/),
      reference: fc.string({ maxLength: 12 }),
      amountPence: fc.integer({ min: 1, max: 1_000_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), day, day, (entries, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const statement = buildStatement(entries, from, to);
        const inRange = entries.filter((e) => e.date >= from && e.date <= to);
        const sum = (kind: StatementEntry['kind']) => inRange.filter((e) => e.kind === kind).reduce((s, e) => s + e.amountPence, 0);
        const opening = entries.filter((e) => e.date < from).reduce((s, e) => s + signedAmount(e), 0);
        assert.equal(statement.openingPence, opening);
        assert.equal(statement.rows.length, inRange.length);
        assert.equal(statement.closingPence, opening + sum('invoice') - sum('creditNote') - sum('payment'));
        // References are free text from the ERP: quote them so that the test's simple split still finds the amounts.
        const csv = statementCsv({ ...statement, rows: statement.rows.map((r) => ({ ...r, reference: r.reference.replace(/[",\r\n]/g, ' ') })) }, { code: SOLD_TO_DELI, name: 'Deli' });
        checkCsv(csv, { opening, invoices: sum('invoice'), creditNotes: sum('creditNote'), payments: sum('payment') });
      }),
      { numRuns: 300 },
    );
  });

  describe('through the API', () => {
    let server: TestServer;
    let erp: string;
    let solo: Shopper;
    before(async () => {
      server = await startTestServer({ env: invoiceEnv() });
      erp = await invoiceToken(server);
      solo = await shopper(server, SOLO);
    });
    after(() => server.close());

    it('a sold-to\'s statement for a year ends at opening + invoices − credit notes − payments', async () => {
      let run = 0;
      let before = 0; // everything earlier runs sent, all in earlier years: this year's opening balance
      const line = fc.record({ net: fc.integer({ min: 0, max: 2_000_000 }), vat: fc.integer({ min: 0, max: 400_000 }) });
      const document = fc.record({
        credit: fc.boolean(),
        month: fc.integer({ min: 1, max: 12 }),
        lines: fc.array(line, { minLength: 1, maxLength: 3 }),
        /** Parts of the gross paid, as fractions in thousandths of what is left. */
        payments: fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 2 }),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(document, { minLength: 1, maxLength: 4 }), async (documents) => {
          run += 1;
          const year = 2000 + run;
          const totals = { invoices: 0, creditNotes: 0, payments: 0 };
          for (const [index, doc] of documents.entries()) {
            const number = `P${run}-${index}`;
            const date = `${year}-${String(doc.month).padStart(2, '0')}-10`;
            const net = doc.lines.reduce((s, l) => s + l.net, 0);
            const vat = doc.lines.reduce((s, l) => s + l.vat, 0);
            const body = {
              type: doc.credit ? 'creditNote' : 'invoice',
              soldTo: SOLD_TO_DELI,
              issueDate: date,
              dueDate: date,
              lines: doc.lines.map((l, i) => ({ description: `Item ${i + 1}`, quantity: 1, ...l })),
              net,
              vat,
              gross: net + vat,
            };
            const put = await putInvoice(server, erp, number, body);
            assert.equal(put.status, 201, JSON.stringify(put.body));
            if (doc.credit) {
              totals.creditNotes += net + vat;
              continue;
            }
            totals.invoices += net + vat;
            let left = net + vat;
            for (const [p, share] of doc.payments.entries()) {
              const amount = Math.floor((left * share) / 1000);
              if (amount < 1) continue;
              const paid = await postPayment(server, erp, number, { amount, paidAt: `${year}-12-${String(20 + p).padStart(2, '0')}T12:00:00Z`, reference: `R${p}` });
              assert.equal(paid.status, 201, JSON.stringify(paid.body));
              left -= amount;
              totals.payments += amount;
            }
          }
          const response = await server.request(`${BASE}/users/current/statement.csv?from=${year}-01-01&to=${year}-12-31`, { token: solo.token });
          assert.equal(response.status, 200);
          checkCsv(await response.text(), { opening: before, ...totals });
          before += totals.invoices - totals.creditNotes - totals.payments;
        }),
        { numRuns: 12 },
      );
    });
  });
});
