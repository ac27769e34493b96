import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MULTI_DAIR, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { invoiceBody, invoiceEnv, invoiceToken, postPayment, putInvoice, SOLD_TO_DELI, SOLD_TO_HARBOUR } from './support/invoice-helpers';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { placeTestOrder } from './support/order-helpers';
import { setClock } from './support/test-clock';
import { BASE, startTestServer, type TestServer } from './support/test-server';

interface MoneyView {
  valuePence: number;
  formattedValue: string;
}
interface InvoiceView {
  number: string;
  type: string;
  status: string;
  soldTo: { code: string; name: string };
  gross: MoneyView;
  paid: MoneyView;
  outstanding: MoneyView;
  orderCodes: string[];
  pdfSource: string;
  lines?: { description: string; net: MoneyView }[];
  payments?: { amount: MoneyView; reference: string; paidAt: string }[];
}
interface ListView {
  soldTos: { code: string; name: string; balance: MoneyView; overdue: MoneyView }[];
  invoices: InvoiceView[];
}

/** A statement CSV's rows as cells (the test's own data has no quoted commas but a quoted name may). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter((l) => l !== '')) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted && c === '"' && line[i + 1] === '"') { cell += '"'; i++; }
      else if (c === '"') quoted = !quoted;
      else if (c === ',' && !quoted) { cells.push(cell); cell = ''; }
      else cell += c;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}
/** The supplier on rendered invoices, as production configures it. */
const SUPPLIER = {
  INVOICE_SUPPLIER_NAME: 'Dale Creamery Ltd',
  INVOICE_SUPPLIER_ADDRESS: 'Unit 9, Beck Side; Settle; BD24 9XY',
  INVOICE_VAT_NUMBER: 'GB 987 6543 21',
  INVOICE_COMPANY_NUMBER: '07654321',
  INVOICE_PAYMENT_TERMS: '14 days net',
  INVOICE_BANK_ACCOUNT_NAME: 'Dale Creamery Ltd Trading',
  INVOICE_BANK_SORT_CODE: '40-11-22',
  INVOICE_BANK_ACCOUNT_NUMBER: '87654321',
};

/** The text of every page of a PDF as one string, whitespace collapsed (a wrapped line reads on). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join(' ').replace(/\s+/g, ' ');
}

const pence = (pounds: string) => (pounds === '' ? 0 : Math.round(Number(pounds) * 100));

describe('invoices for customers: list, detail, PDF, statement, invoices of an order', () => {
  let server: TestServer;
  let erp: string;
  let solo: Shopper;
  let multi: Shopper;
  before(async () => {
    server = await startTestServer({ env: { ...invoiceEnv(), ...SUPPLIER, TEST_CLOCK_CONTROL: 'true' } });
    erp = await invoiceToken(server);
    solo = await shopper(server, SOLO);
    multi = await shopper(server, MULTI_DAIR);
    // The Deli's sold-to (solo, multi): one overdue by the 10th of December, one open, one paid, a credit note.
    const sends: [string, ReturnType<typeof invoiceBody>][] = [
      ['DL-OVERDUE', invoiceBody({ issueDate: '2026-10-01', dueDate: '2026-10-31', amounts: [[10_000, 2000]] })],
      ['DL-OPEN', invoiceBody({ issueDate: '2026-11-20', dueDate: '2026-12-20', amounts: [[5000, 1000], [250, 0]] })],
      ['DL-PAID', invoiceBody({ issueDate: '2026-11-01', dueDate: '2026-11-30', amounts: [[3000, 600]] })],
      ['DL-CREDIT', invoiceBody({ type: 'creditNote', issueDate: '2026-11-05', dueDate: '2026-11-05', amounts: [[1000, 200]] })],
      ['HB-OPEN', invoiceBody({ soldTo: SOLD_TO_HARBOUR, issueDate: '2026-11-25', dueDate: '2026-12-25', amounts: [[7000, 1400]] })],
    ];
    for (const [number, body] of sends) assert.equal((await putInvoice(server, erp, number, body)).status, 201, number);
    assert.equal((await postPayment(server, erp, 'DL-PAID', { amount: 3600, paidAt: '2026-11-28T15:00:00Z', reference: 'BACS-PAID' })).status, 201);
    assert.equal((await postPayment(server, erp, 'DL-OVERDUE', { amount: 2000, paidAt: '2026-11-15T09:00:00Z', reference: '=HYPERLINK("http://x")' })).status, 201);
    await setClock(server, '2026-12-10T12:00:00Z');
  });
  after(() => server.close());

  const get = async (who: Shopper, path: string) => {
    const response = await server.request(`${BASE}${path}`, { token: who.token });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const json = async <T>(who: Shopper, path: string) => {
    const answer = await get(who, path);
    return { status: answer.status, body: JSON.parse(answer.bytes.toString('utf8')) as T };
  };

  it('lists overdue first, then open, paid and credit notes, with the sold-to balance', async () => {
    const list = await json<ListView>(solo, '/users/current/invoices');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.invoices.map((i) => [i.number, i.status]), [
      ['DL-OVERDUE', 'overdue'],
      ['DL-OPEN', 'open'],
      ['DL-PAID', 'paid'],
      ['DL-CREDIT', 'credit'],
    ]);
    // 12,000 + 6,250 + 3,600 − 1,200 − 3,600 − 2,000
    assert.deepEqual(list.body.soldTos.map((s) => [s.code, s.balance.valuePence, s.overdue.valuePence]), [[SOLD_TO_DELI, 15_050, 10_000]]);
    assert.equal(list.body.soldTos[0]?.balance.formattedValue, '£150.50');
    const overdue = list.body.invoices[0];
    assert.deepEqual([overdue?.paid.valuePence, overdue?.outstanding.valuePence], [2000, 10_000]);

    const filtered = await json<ListView>(solo, '/users/current/invoices?status=paid');
    assert.deepEqual(filtered.body.invoices.map((i) => i.number), ['DL-PAID']);
    const november = await json<ListView>(solo, '/users/current/invoices?from=2026-11-01&to=2026-11-10');
    assert.deepEqual(november.body.invoices.map((i) => i.number), ['DL-PAID', 'DL-CREDIT']);

    // A user of both sold-tos sees both, and may narrow to one.
    const both = await json<ListView>(multi, '/users/current/invoices');
    assert.deepEqual(both.body.soldTos.map((s) => s.code).sort(), [SOLD_TO_HARBOUR, SOLD_TO_DELI].sort());
    assert.equal(both.body.invoices.length, 5);
    const harbour = await json<ListView>(multi, `/users/current/invoices?soldTo=${SOLD_TO_HARBOUR}`);
    assert.deepEqual(harbour.body.invoices.map((i) => i.number), ['HB-OPEN']);
  });

  it('moves an open invoice to overdue the day after its due date, by the clock', async () => {
    await setClock(server, '2026-12-20T23:30:00Z'); // still the 20th in London (GMT)
    assert.equal((await json<InvoiceView>(solo, '/users/current/invoices/DL-OPEN')).body.status, 'open');
    await setClock(server, '2026-12-21T00:00:01Z');
    assert.equal((await json<InvoiceView>(solo, '/users/current/invoices/DL-OPEN')).body.status, 'overdue');
    const list = await json<ListView>(solo, '/users/current/invoices?status=overdue');
    assert.deepEqual(list.body.invoices.map((i) => i.number), ['DL-OVERDUE', 'DL-OPEN']);
    await setClock(server, '2026-12-10T12:00:00Z');
  });

  it('shows one invoice with its lines, payments and orders', async () => {
    const one = await json<InvoiceView>(solo, '/users/current/invoices/DL-OVERDUE');
    assert.equal(one.status, 200);
    assert.equal(one.body.lines?.[0]?.net.valuePence, 10_000);
    assert.deepEqual(one.body.payments?.map((p) => [p.amount.valuePence, p.reference, p.paidAt]), [[2000, '=HYPERLINK("http://x")', '2026-11-15T09:00:00.000Z']]);
    assert.equal(one.body.pdfSource, 'rendered');
  });

  it('keeps another sold-to\'s invoices, statements and PDFs as missing (404)', async () => {
    for (const path of [
      '/users/current/invoices/HB-OPEN',
      '/users/current/invoices/HB-OPEN/pdf',
      `/users/current/invoices?soldTo=${SOLD_TO_HARBOUR}`,
      `/users/current/statement.csv?soldTo=${SOLD_TO_HARBOUR}`,
      '/users/current/invoices/NO-SUCH',
    ]) {
      const answer = await get(solo, path);
      assert.equal(answer.status, 404, path);
    }
    const list = await json<ListView>(solo, '/users/current/invoices');
    assert.ok(!list.body.invoices.some((i) => i.number === 'HB-OPEN'));
    for (const path of ['/users/current/invoices?status=unpaid', '/users/current/invoices?from=2026-13-01', '/users/current/invoices?from=2026-12-01&to=2026-11-01', '/users/current/invoices/%00', '/users/current/statement.csv?from=2020-01-01&to=2026-01-01']) {
      assert.equal((await get(solo, path)).status, 400, path);
    }
  });

  it('renders a PDF with what a UK VAT invoice needs: supplier, VAT number, customer and delivery address, terms and how to pay', async () => {
    // Harbour's sold-to: the Deli's statement test counts every Deli invoice.
    const order = await placeTestOrder(server, multi, [1]);
    assert.equal((await putInvoice(server, erp, 'HB-VAT', invoiceBody({ soldTo: SOLD_TO_HARBOUR, issueDate: '2026-11-03', dueDate: '2026-11-17', orderCodes: [order.code] }))).status, 201);
    const text = await pdfText((await get(multi, '/users/current/invoices/HB-VAT/pdf')).bytes);
    for (const expected of [
      'Invoice HB-VAT',
      'Dale Creamery Ltd',
      'Unit 9, Beck Side',
      'BD24 9XY',
      'VAT registration number: GB 987 6543 21',
      'company number 07654321',
      `Customer: Harbour Hospitality Ltd (account ${SOLD_TO_HARBOUR})`,
      'Customer address: Harbour Café – Quayside, 3 The Quay, Whitby YO21 1DH',
      'Delivered to: Harbour Café – Quayside, 3 The Quay, Whitby YO21 1DH',
      'Issued (tax point): 3 November 2026',
      'Payment terms: 14 days net, due by 17 November 2026.',
      'Bank transfer to Dale Creamery Ltd Trading, sort code 40-11-22, account number 87654321.',
      'Payment reference: HB-VAT',
      `Orders: ${order.code}`,
    ]) {
      assert.ok(text.includes(expected), `the PDF says "${expected}":\n${text}`);
    }
    const credit = await pdfText((await get(solo, '/users/current/invoices/DL-CREDIT/pdf')).bytes);
    assert.ok(credit.includes('VAT registration number: GB 987 6543 21'));
    assert.ok(!credit.includes('How to pay'), 'a credit note asks for no payment');
  });

  it('serves a PDF: rendered from the data, or the ERP\'s own byte for byte', async () => {
    const rendered = await get(solo, '/users/current/invoices/DL-OVERDUE/pdf');
    assert.equal(rendered.status, 200);
    assert.equal(rendered.headers.get('content-type'), 'application/pdf');
    assert.match(rendered.headers.get('content-disposition') ?? '', /attachment; filename="DL-OVERDUE\.pdf"/);
    assert.equal(rendered.headers.get('x-pdf-source'), 'rendered');
    assert.equal(rendered.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(rendered.bytes.subarray(-8).toString('latin1'), /%%EOF/);

    const erpPdf = Buffer.from('%PDF-1.4\n% the ERP\'s own invoice\n%%EOF\n');
    const body = invoiceBody({ issueDate: '2026-11-02', dueDate: '2026-12-02', pdf: erpPdf.toString('base64') });
    assert.equal((await putInvoice(server, erp, 'DL-ERPPDF', body)).status, 201);
    const served = await get(solo, '/users/current/invoices/DL-ERPPDF/pdf');
    assert.equal(served.headers.get('x-pdf-source'), 'erp');
    assert.deepEqual(served.bytes, erpPdf);
    // Back to the set the other tests count on: the same number as a credit note of 0 would change sums, so pay it off.
    assert.equal((await postPayment(server, erp, 'DL-ERPPDF', { amount: body.gross, paidAt: '2026-11-02T10:00:00Z', reference: 'BACS-ERPPDF' })).status, 201);
  });

  it('writes a statement: opening balance, entries by date with a running balance, closing balance', async () => {
    const answer = await get(solo, '/users/current/statement.csv?from=2026-11-01&to=2026-11-30');
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(answer.headers.get('content-disposition') ?? '', /statement-0000100002-2026-11-01-2026-11-30\.csv/);
    const rows = parseCsv(answer.bytes.toString('utf8'));
    assert.deepEqual(rows[0], ['Date', 'Type', 'Number', 'Reference', 'Debit', 'Credit', 'Balance']);
    assert.deepEqual(
      rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6]]),
      [
        ['2026-11-01', 'Opening balance', SOLD_TO_DELI, 'Northern Fresh Trading Ltd', '', '', '120.00'],
        ['2026-11-01', 'Invoice', 'DL-PAID', 'Due 2026-11-30', '36.00', '', '156.00'],
        ['2026-11-02', 'Invoice', 'DL-ERPPDF', 'Due 2026-12-02', '12.00', '', '168.00'],
        ['2026-11-02', 'Payment', 'DL-ERPPDF', 'BACS-ERPPDF', '', '12.00', '156.00'],
        ['2026-11-05', 'Credit note', 'DL-CREDIT', '', '', '12.00', '144.00'],
        ['2026-11-15', 'Payment', 'DL-OVERDUE', '\'=HYPERLINK("http://x")', '', '20.00', '124.00'],
        ['2026-11-20', 'Invoice', 'DL-OPEN', 'Due 2026-12-20', '62.50', '', '186.50'],
        ['2026-11-28', 'Payment', 'DL-PAID', 'BACS-PAID', '', '36.00', '150.50'],
        ['2026-11-30', 'Closing balance', SOLD_TO_DELI, 'Northern Fresh Trading Ltd', '', '', '150.50'],
      ],
    );
    // Every row's balance is the one before it plus its debit minus its credit.
    const body = rows.slice(1);
    for (let i = 1; i < body.length - 1; i++) {
      const [prev, row] = [body[i - 1], body[i]];
      assert.equal(pence(row?.[6] ?? ''), pence(prev?.[6] ?? '') + pence(row?.[4] ?? '') - pence(row?.[5] ?? ''), `row ${i}`);
    }
    // The closing balance of all time is the list's balance.
    const all = parseCsv((await get(solo, '/users/current/statement.csv?from=2026-01-01&to=2026-12-10')).bytes.toString('utf8'));
    const list = await json<ListView>(solo, '/users/current/invoices');
    assert.equal(pence(all.at(-1)?.[6] ?? ''), list.body.soldTos[0]?.balance.valuePence);

    // A user of two sold-tos names one; a user of one need not.
    assert.equal((await get(multi, '/users/current/statement.csv')).status, 400);
    assert.equal((await get(multi, `/users/current/statement.csv?soldTo=${SOLD_TO_HARBOUR}`)).status, 200);
    assert.equal((await get(solo, '/users/current/statement.csv')).status, 200);
  });

  it('links an order to its invoices, in the order\'s scope', async () => {
    const order = await placeTestOrder(server, solo, [1]);
    assert.equal((await json<unknown[]>(solo, `/users/current/orders/${order.code}/invoices`)).body.length, 0);
    const body = invoiceBody({ issueDate: '2026-12-01', dueDate: '2026-12-31', orderCodes: [order.code] });
    assert.equal((await putInvoice(server, erp, 'DL-ORDER', body)).status, 201);
    const linked = await json<{ number: string; type: string; status: string }[]>(solo, `/users/current/orders/${order.code}/invoices`);
    assert.equal(linked.status, 200);
    assert.deepEqual(linked.body, [{ number: 'DL-ORDER', type: 'invoice', status: 'open' }]);
    assert.deepEqual((await json<InvoiceView>(solo, '/users/current/invoices/DL-ORDER')).body.orderCodes, [order.code]);
    assert.equal((await get(multi, `/users/current/orders/${order.code}/invoices`)).status, 404);
    assert.equal((await get(solo, '/users/current/orders/NO-SUCH/invoices')).status, 404);
  });
});
