import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { auditLog, creditRequestLines, creditRequests } from '../src/db/schema';
import { lineAmounts } from '../src/pricing/money';
import { operatorToken } from './support/admin-client';
import { SOLO, shopper, type Shopper } from './support/cart-helpers';
import { creditsMailEnv, decideCredit, deliveredOrder, FINANCE_CLIENT, insertCreditRequest, storedCredit, type InsertedCreditRequest } from './support/credit-helpers';
import { ERP_CLIENT, integrationToken } from './support/integration-client';
import { eventually } from './support/order-helpers';
import { dispatch } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { startTestServer, type TestServer } from './support/test-server';

interface MoneyView {
  valuePence: number;
  formattedValue: string;
}

interface LineView {
  entryNumber: number;
  product: { code: string; name: string };
  quantity: number;
  unitPrice: MoneyView;
  vatRateBp: number;
  net: MoneyView;
  vat: MoneyView;
  creditedQuantity: number | null;
  creditedAmount: MoneyView | null;
}

interface CreditView {
  status: string;
  gross: MoneyView;
  credited: MoneyView | null;
  lines: LineView[];
}

/** What `cases` of a line credit, priced as the check-in priced the request. */
const casesPence = (line: LineView, cases: number) => {
  const { netPence, vatPence } = lineAmounts(line.unitPrice.valuePence, cases, line.vatRateBp);
  return netPence + vatPence;
};

/** Per line [entry, credited cases, credited pence], as the API shows it. */
const outcomes = (view: CreditView) => view.lines.map((line) => [line.entryNumber, line.creditedQuantity, line.creditedAmount?.valuePence ?? null]);

describe('credit requests: the outcome per line', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let solo: Shopper;
  let erp: string;
  let finance: string;
  let admin: string;
  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({ env: creditsMailEnv(sink.url) });
    solo = await shopper(server, SOLO);
    erp = await integrationToken(server, ERP_CLIENT);
    finance = await integrationToken(server, FINANCE_CLIENT);
    admin = await operatorToken(server);
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  /** Two lines: entry 0 asks for 2 cases (short), entry 1 for 1 case (damaged). */
  async function creditRequest(): Promise<InsertedCreditRequest> {
    const order = await deliveredOrder(server, erp, solo, [3, 2]);
    return insertCreditRequest(server, order.code, [
      { entryNumber: 0, receivedQuantity: 1, reason: 'short' },
      { entryNumber: 1, receivedQuantity: 2, damagedQuantity: 1, reason: 'damaged' },
    ]);
  }

  const read = async (code: string) => (await solo.call('GET', `/users/current/creditrequests/${encodeURIComponent(code)}`, { scoped: false })).body as unknown as CreditView;
  const adminRead = async (code: string) => (await (await server.request(`/admin/v1/creditrequests/${encodeURIComponent(code)}`, { token: admin })).json()) as CreditView;

  it('an operator credits 1 of 2 cases and the whole other line: the amount is worked out from the lines, and every view, the audit log and the e-mail show them', async () => {
    const request = await creditRequest();
    const undecided = await read(request.code);
    assert.deepEqual(outcomes(undecided), [
      [0, null, null],
      [1, null, null],
    ]);
    const [short, damaged] = undecided.lines;
    assert.ok(short && damaged);
    const expected = casesPence(short, 1) + casesPence(damaged, 1);
    assert.equal(casesPence(damaged, 1), damaged.net.valuePence + damaged.vat.valuePence, 'a whole line credits what it asked for');

    const decided = await decideCredit(server, admin, request.code, {
      status: 'partlyAccepted',
      lines: [
        { entryNumber: 0, creditedQuantity: 1 },
        { entryNumber: 1, creditedQuantity: 1 },
      ],
      note: 'One case was found in the cold room',
    });
    assert.equal(decided.status, 200, JSON.stringify(decided.body));
    const view = decided.body as unknown as CreditView;
    assert.equal(view.status, 'partlyAccepted');
    assert.equal(view.credited?.valuePence, expected);
    const perLine = [
      [0, 1, casesPence(short, 1)],
      [1, 1, casesPence(damaged, 1)],
    ];
    assert.deepEqual(outcomes(view), perLine);
    assert.deepEqual(outcomes(await read(request.code)), perLine, 'the customer sees the same');
    assert.deepEqual(outcomes(await adminRead(request.code)), perLine, 'and the back office');

    const [audited] = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, `creditRequest:${request.code}`));
    assert.deepEqual((audited?.after as { lines: unknown }).lines, [
      { entryNumber: 0, creditedQuantity: 1, creditedPence: casesPence(short, 1) },
      { entryNumber: 1, creditedQuantity: 1, creditedPence: casesPence(damaged, 1) },
    ]);

    await dispatch(server);
    const mail = await eventually(async () => sink.mails.find((candidate) => candidate.subject?.includes(request.code)), 'the decision e-mail');
    assert.ok(mail.text?.includes(`${short.product.name} (${short.product.code}): credited 1 of 2 cases, ${view.lines[0]?.creditedAmount?.formattedValue}`), mail.text);
    assert.ok(mail.text?.includes(`${damaged.product.name} (${damaged.product.code}): credited in full, 1 case, ${view.lines[1]?.creditedAmount?.formattedValue}`), mail.text);
    assert.ok(mail.html?.toString().includes('credited 1 of 2 cases'), 'the HTML lists them too');
  });

  it('takes an amount beside the lines only when it is what the lines credit', async () => {
    const request = await creditRequest();
    const [short, damaged] = (await read(request.code)).lines;
    assert.ok(short && damaged);
    const lines = [
      { entryNumber: 0, creditedQuantity: 2 },
      { entryNumber: 1, creditedQuantity: 0 },
    ];
    const sum = casesPence(short, 2);
    const mismatch = await decideCredit(server, finance, request.code, { status: 'partlyAccepted', lines, amount: sum - 1 });
    assert.equal(mismatch.status, 400, JSON.stringify(mismatch.body));
    assert.equal(mismatch.body.errors?.[0]?.subject, 'amount');
    assert.match(mismatch.body.errors?.[0]?.message ?? '', /is not what the lines credit/);
    assert.equal((await storedCredit(server, request.code))?.status, 'requested', 'nothing is decided');

    const matching = await decideCredit(server, finance, request.code, { status: 'partlyAccepted', lines, amount: sum });
    assert.equal(matching.status, 200, JSON.stringify(matching.body));
    assert.deepEqual(outcomes(matching.body as unknown as CreditView), [
      [0, 2, sum],
      [1, 0, 0],
    ]);
  });

  it('refuses lines against the request with 400 naming the line, and stores nothing', async () => {
    const request = await creditRequest();
    const { grossPence } = request;
    const cases: [unknown, string, RegExp][] = [
      [{ status: 'partlyAccepted', lines: [{ entryNumber: 0, creditedQuantity: 3 }, { entryNumber: 1, creditedQuantity: 0 }] }, 'lines.0.creditedQuantity', /2 cases of entry 0 were asked for/],
      [{ status: 'partlyAccepted', lines: [{ entryNumber: 0, creditedQuantity: 1 }, { entryNumber: 7, creditedQuantity: 0 }] }, 'lines.1.entryNumber', /no entry 7/],
      [{ status: 'partlyAccepted', lines: [{ entryNumber: 0, creditedQuantity: 1 }, { entryNumber: 0, creditedQuantity: 1 }] }, 'lines.1.entryNumber', /already on an earlier line/],
      [{ status: 'partlyAccepted', lines: [{ entryNumber: 0, creditedQuantity: 1 }] }, 'lines', /entry 1 is missing/],
      [{ status: 'partlyAccepted', lines: [{ entryNumber: 0, creditedQuantity: 2 }, { entryNumber: 1, creditedQuantity: 1 }] }, 'lines', /less than the/],
      [{ status: 'partlyAccepted', lines: [{ entryNumber: 0, creditedQuantity: 0 }, { entryNumber: 1, creditedQuantity: 0 }] }, 'lines', /more than £0\.00/],
      [{ status: 'accepted', lines: [{ entryNumber: 0, creditedQuantity: 1 }, { entryNumber: 1, creditedQuantity: 1 }] }, 'lines.0.creditedQuantity', /use partlyAccepted for fewer/],
      [{ status: 'rejected', note: 'No', lines: [{ entryNumber: 0, creditedQuantity: 0 }, { entryNumber: 1, creditedQuantity: 1 }] }, 'lines.1.creditedQuantity', /credits no cases/],
      [{ status: 'partlyAccepted', lines: [{ entryNumber: 0, creditedQuantity: -1 }] }, 'lines.0.creditedQuantity', /./],
      [{ status: 'partlyAccepted', lines: [{ entryNumber: 0, creditedQuantity: 1.5 }] }, 'lines.0.creditedQuantity', /./],
      [{ status: 'partlyAccepted', lines: [{ entryNumber: '0', creditedQuantity: 1 }] }, 'lines.0.entryNumber', /./],
      [{ status: 'partlyAccepted', lines: [] }, 'lines', /./],
      [{ status: 'partlyAccepted', lines: {} }, 'lines', /./],
      [{ status: 'partlyAccepted', lines: [{ entryNumber: 0, creditedQuantity: 1 }, { entryNumber: 1, creditedQuantity: 1 }], amount: grossPence + 1 }, 'amount', /is more than/],
    ];
    for (const [body, subject, message] of cases) {
      const answer = await decideCredit(server, finance, request.code, body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.errors?.[0]?.subject, subject, JSON.stringify(answer.body));
      assert.match(answer.body.errors?.[0]?.message ?? '', message, JSON.stringify(answer.body));
    }
    assert.equal((await storedCredit(server, request.code))?.status, 'requested');
    const [stored] = await storedLines(request.code);
    assert.equal(stored?.creditedQuantity, null, 'no line outcome was written');
  });

  it('accepted credits every line in full and rejected none, whether or not the lines are sent', async () => {
    const accepted = await creditRequest();
    assert.equal((await decideCredit(server, finance, accepted.code, { status: 'accepted' })).status, 200);
    const acceptedView = await read(accepted.code);
    assert.deepEqual(
      outcomes(acceptedView),
      acceptedView.lines.map((line) => [line.entryNumber, line.quantity, line.net.valuePence + line.vat.valuePence]),
    );
    assert.deepEqual(
      (await storedLines(accepted.code)).map((line) => [line.creditedQuantity, line.creditedPence]),
      acceptedView.lines.map((line) => [line.quantity, line.net.valuePence + line.vat.valuePence]),
    );

    const acceptedWithLines = await creditRequest();
    const full = await decideCredit(server, admin, acceptedWithLines.code, {
      status: 'accepted',
      lines: [
        { entryNumber: 0, creditedQuantity: 2 },
        { entryNumber: 1, creditedQuantity: 1 },
      ],
    });
    assert.equal(full.status, 200, JSON.stringify(full.body));
    assert.equal((full.body as unknown as CreditView).credited?.valuePence, acceptedWithLines.grossPence);

    const rejected = await creditRequest();
    assert.equal((await decideCredit(server, finance, rejected.code, { status: 'rejected', note: 'Signed for in full' })).status, 200);
    assert.deepEqual(outcomes(await read(rejected.code)), [
      [0, 0, 0],
      [1, 0, 0],
    ]);
    assert.deepEqual(
      (await storedLines(rejected.code)).map((line) => [line.creditedQuantity, line.creditedPence]),
      [
        [0, 0],
        [0, 0],
      ],
    );
  });

  it("the ERP's older form, partly accepted by an amount alone, still works and leaves the lines unknown", async () => {
    const request = await creditRequest();
    const decided = await decideCredit(server, finance, request.code, { status: 'partlyAccepted', amount: request.grossPence - 1 });
    assert.equal(decided.status, 200, JSON.stringify(decided.body));
    const view = await read(request.code);
    assert.equal(view.credited?.valuePence, request.grossPence - 1);
    assert.deepEqual(outcomes(view), [
      [0, null, null],
      [1, null, null],
    ]);
    const [audited] = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, `creditRequest:${request.code}`));
    assert.equal((audited?.after as { lines: unknown }).lines, null);
    await dispatch(server);
    const mail = await eventually(async () => sink.mails.find((candidate) => candidate.subject?.includes(request.code)), 'the decision e-mail');
    assert.ok(!mail.text?.includes('cases'), `only the total: ${mail.text}`);
  });

  /** The stored outcome of each line of a request, straight from the table. */
  async function storedLines(code: string) {
    const { db } = server.database;
    return db
      .select({ creditedQuantity: creditRequestLines.creditedQuantity, creditedPence: creditRequestLines.creditedPence })
      .from(creditRequestLines)
      .innerJoin(creditRequests, eq(creditRequests.id, creditRequestLines.creditRequestId))
      .where(eq(creditRequests.code, code))
      .orderBy(asc(creditRequestLines.lineNumber));
  }
});
