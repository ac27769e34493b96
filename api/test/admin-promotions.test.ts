import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, promotions, soldTos } from '../src/db/schema';
import { addDays } from '../src/time/calendar-date';
import { londonWallClock } from '../src/time/london-time';
import { createOperator, operatorToken, type ImportReport } from './support/admin-client';
import { startTestServer, type TestServer } from './support/test-server';

interface Answer {
  status: number;
  body: Record<string, unknown> & { errors?: { subject?: string; message: string }[] };
}

const today = londonWallClock(new Date()).date;
const base = { name: 'Brie 10 % off', kind: 'percentOff', value: 1000, who: 'all', what: 'products', targets: ['100001'], validFrom: today, validTo: addDays(today, 30) };

describe('/admin/v1/promotions (docs/promotions.md)', () => {
  let server: TestServer;
  let admin: string;
  let service: string;
  before(async () => {
    server = await startTestServer();
    admin = await operatorToken(server);
    service = await operatorToken(server, await createOperator(server, 'customerService'));
    await server.database.db.update(soldTos).set({ customerGroup: 'Hotels North' }).where(eq(soldTos.code, '0000100001'));
  });
  after(() => server.close());

  const call = async (method: string, path: string, body?: unknown, token = admin): Promise<Answer> => {
    const response = await server.request(`/admin/v1${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };
  const refusal = (answer: Answer) => [answer.status, answer.body.errors?.[0]?.subject, answer.body.errors?.[0]?.message];
  const auditOf = async (code: string) =>
    (await server.database.db.select({ action: auditLog.action, before: auditLog.before, after: auditLog.after }).from(auditLog).where(eq(auditLog.subject, `promotion:${code}`)).orderBy(auditLog.id)).map((row) => row.action);

  it('creates each kind, upper-cases the code and audits the creation', async () => {
    const made = [
      await call('POST', '/promotions', { ...base, code: 'pct-1' }),
      await call('POST', '/promotions', { ...base, code: 'OFF-1', kind: 'amountOff', value: 150, minQuantity: 2 }),
      await call('POST', '/promotions', { ...base, code: 'FIX-1', kind: 'fixedPrice', value: 950, who: 'soldTos', audience: ['0000100001'] }),
      await call('POST', '/promotions', { ...base, code: 'B3G1', kind: 'buyXGetY', value: 0, buyQuantity: 3, freeQuantity: 1, who: 'groups', audience: ['Hotels North'], what: 'categories', targets: ['DAIR_CHEESE'] }),
    ];
    for (const answer of made) assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.deepEqual(
      made.map((answer) => [answer.body.code, answer.body.kind, answer.body.value, answer.body.status, answer.body.version]),
      [
        ['PCT-1', 'percentOff', 1000, 'live', 1],
        ['OFF-1', 'amountOff', 150, 'live', 1],
        ['FIX-1', 'fixedPrice', 950, 'live', 1],
        ['B3G1', 'buyXGetY', 0, 'live', 1],
      ],
    );
    assert.deepEqual([made[3]?.body.buyQuantity, made[3]?.body.freeQuantity, made[3]?.body.audience], [3, 1, ['Hotels North']]);
    assert.deepEqual(await auditOf('PCT-1'), ['promotion.create']);
    assert.equal((await call('GET', '/promotions/pct-1')).body.name, 'Brie 10 % off');
  });

  it('refuses a bad body with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ...base, code: 'BAD1', value: 0 }, 'value'],
      [{ ...base, code: 'BAD2', value: 10_001 }, 'value'],
      [{ ...base, code: 'BAD3', kind: 'amountOff', value: -1 }, 'value'],
      [{ ...base, code: 'BAD4', kind: 'buyXGetY', value: 0, buyQuantity: 2 }, 'freeQuantity'],
      [{ ...base, code: 'BAD5', buyQuantity: 2 }, 'buyQuantity'],
      [{ ...base, code: 'BAD6', who: 'soldTos' }, 'audience'],
      [{ ...base, code: 'BAD7', audience: ['0000100001'] }, 'audience'],
      [{ ...base, code: 'BAD8', validFrom: addDays(today, 2), validTo: today }, 'validTo'],
      [{ ...base, code: 'BAD9', validTo: '2026-02-30' }, 'validTo'],
      [{ ...base, code: 'BAD10', targets: [] }, 'targets'],
      [{ ...base, code: 'BAD11', minQuantity: 0 }, 'minQuantity'],
      [{ ...base, code: 'no spaces' }, 'code'],
      [{ ...base, code: 'BAD12', name: '' }, 'name'],
      [{ ...base, code: 'BAD13', kind: 'halfPrice' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const answer = await call('POST', '/promotions', body);
      assert.deepEqual([answer.status, answer.body.errors?.[0]?.subject], [400, field], JSON.stringify(body));
      assert.match(answer.body.errors?.[0]?.message ?? '', new RegExp(field));
    }
    assert.equal((await server.database.db.select().from(promotions).where(like(promotions.code, 'BAD%'))).length, 0);
  });

  it('names the unknown product codes, category ids, sold-tos and groups', async () => {
    assert.deepEqual(refusal(await call('POST', '/promotions', { ...base, code: 'UNK1', targets: ['100001', 'NOPE1', 'NOPE2'] })), [400, 'targets', "Unknown product codes: 'NOPE1', 'NOPE2'"]);
    assert.deepEqual(refusal(await call('POST', '/promotions', { ...base, code: 'UNK2', what: 'categories', targets: ['DAIR_NOPE'] })), [400, 'targets', "Unknown category ids: 'DAIR_NOPE'"]);
    assert.deepEqual(refusal(await call('POST', '/promotions', { ...base, code: 'UNK3', who: 'soldTos', audience: ['0009999999'] })), [400, 'audience', "Unknown sold-to codes: '0009999999'"]);
    assert.deepEqual(refusal(await call('POST', '/promotions', { ...base, code: 'UNK4', who: 'groups', audience: ['Nobody'] })), [400, 'audience', "No sold-to is in the customer group 'Nobody'"]);
  });

  it('refuses a code already used, in any case, with a 409', async () => {
    assert.equal((await call('POST', '/promotions', { ...base, code: 'DUP' })).status, 201);
    assert.deepEqual(refusal(await call('POST', '/promotions', { ...base, code: 'dup' })), [409, 'code', 'There is already a promotion DUP: choose another code']);
  });

  it('changes at the version read, refuses a stale one, and audits before and after', async () => {
    assert.equal((await call('POST', '/promotions', { ...base, code: 'EDIT' })).status, 201);
    const { code: _code, ...fields } = { ...base, code: 'EDIT' };
    const changed = await call('PUT', '/promotions/edit', { ...fields, version: 1, name: 'Brie 15 % off', value: 1500 });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual([changed.body.name, changed.body.value, changed.body.version], ['Brie 15 % off', 1500, 2]);
    assert.deepEqual(refusal(await call('PUT', '/promotions/EDIT', { ...fields, version: 1, value: 2000 })).slice(0, 2), [409, 'version']);
    const same = await call('PUT', '/promotions/EDIT', { ...fields, version: 2, name: 'Brie 15 % off', value: 1500 });
    assert.deepEqual([same.status, same.body.version], [200, 2], 'a change that changes nothing writes nothing');
    assert.deepEqual(refusal(await call('PUT', '/promotions/EDIT', { ...fields, version: 2, value: 20_000 })).slice(0, 2), [400, 'value']);
    assert.deepEqual(refusal(await call('PUT', '/promotions/NONE', { ...fields, version: 1 })).slice(0, 2), [404, 'code']);
    const entries = await server.database.db.select().from(auditLog).where(and(eq(auditLog.subject, 'promotion:EDIT'), eq(auditLog.action, 'promotion.update')));
    assert.equal(entries.length, 1);
    assert.deepEqual([(entries[0]?.before as { value: number }).value, (entries[0]?.after as { value: number }).value], [1000, 1500]);
  });

  it('ends a promotion early once; it is then ended and can no longer change', async () => {
    assert.equal((await call('POST', '/promotions', { ...base, code: 'STOP' })).status, 201);
    const ended = await call('POST', '/promotions/stop/end');
    assert.equal(ended.status, 200, JSON.stringify(ended.body));
    assert.deepEqual([ended.body.status, ended.body.version, typeof ended.body.endedAt], ['ended', 2, 'string']);
    assert.deepEqual(refusal(await call('POST', '/promotions/STOP/end')), [409, 'code', 'Promotion STOP has already ended']);
    const { code: _code, ...fields } = { ...base, code: 'STOP' };
    assert.deepEqual(refusal(await call('PUT', '/promotions/STOP', { ...fields, version: 2 })).slice(0, 2), [409, 'code']);
    assert.deepEqual(await auditOf('STOP'), ['promotion.create', 'promotion.end']);
  });

  it('lists by status on today and by words in the code or name', async () => {
    assert.equal((await call('POST', '/promotions', { ...base, code: 'LATER', name: 'Yoghurt next month', validFrom: addDays(today, 10), validTo: addDays(today, 40) })).status, 201);
    assert.equal((await call('POST', '/promotions', { ...base, code: 'LIST-LIVE', name: 'Butter week' })).status, 201);
    const codes = async (query: string) => ((await call('GET', `/promotions?${query}&pageSize=100`)).body.promotions as { code: string }[]).map((row) => row.code);
    assert.ok((await codes('status=scheduled')).includes('LATER'));
    assert.ok(!(await codes('status=live')).includes('LATER'));
    assert.ok((await codes('status=live')).includes('LIST-LIVE'));
    assert.ok((await codes('status=ended')).includes('STOP'));
    assert.ok(!(await codes('status=ended')).includes('LIST-LIVE'));
    assert.deepEqual(await codes('status=all&q=butter'), ['LIST-LIVE']);
    assert.deepEqual(await codes('q=later'), ['LATER']);
    assert.deepEqual(refusal(await call('GET', '/promotions?status=soon')).slice(0, 2), [400, 'status']);
  });

  it('lets customer service look but not write (403)', async () => {
    assert.equal((await call('GET', '/promotions', undefined, service)).status, 200);
    assert.deepEqual(refusal(await call('POST', '/promotions', { ...base, code: 'SVC' }, service)).slice(0, 2), [403, 'role']);
    assert.equal((await call('POST', '/promotions/DUP/end', undefined, service)).status, 403);
    assert.equal((await call('GET', '/promotions/DUP')).body.status, 'live');
  });

  const upload = async (csv: string, dryRun = false, token = admin) => {
    const response = await server.request(`/admin/v1/imports/promotions?dryRun=${dryRun}&fileName=promotions.csv`, { method: 'POST', token, headers: { 'content-type': 'text/csv' }, body: csv });
    return { status: response.status, body: (await response.json()) as ImportReport };
  };
  const HEADER = 'code,name,kind,value,buyQuantity,freeQuantity,minQuantity,who,audience,what,targets,validFrom,validTo\n';
  const end = addDays(today, 20);

  it('imports a CSV: new codes created, known ones changed, each audited; a dry run writes nothing', async () => {
    const csv = `${HEADER}imp-pct,Milk 12.5 % off,percentOff,12.5,,,,all,,products,100001 100002,${today},${end}\nIMP-B2G1,Cheese 2+1,buyXGetY,,2,1,,groups,"Hotels North",categories,DAIR_CHEESE,${today},${end}\nEDIT,Brie £1.50 off,amountOff,1.50,,,3,soldTos,0000100001,products,100001,${today},${end}\n`;
    const dry = await upload(csv, true);
    assert.deepEqual([dry.status, dry.body.outcome, dry.body.valid, dry.body.refused], [200, 'checked', 3, 0]);
    assert.equal((await call('GET', '/promotions/IMP-PCT')).status, 404);
    const applied = await upload(csv);
    assert.deepEqual([applied.status, applied.body.outcome, applied.body.inserted, applied.body.updated], [200, 'applied', 2, 1]);
    const pct = await call('GET', '/promotions/IMP-PCT');
    assert.deepEqual([pct.body.value, pct.body.targets], [1250, ['100001', '100002']]);
    const edited = await call('GET', '/promotions/EDIT');
    assert.deepEqual([edited.body.kind, edited.body.value, edited.body.minQuantity, edited.body.version], ['amountOff', 150, 3, 3]);
    assert.deepEqual(await auditOf('IMP-B2G1'), ['promotion.create']);
    assert.equal((await upload(csv)).body.unchanged, 3);
  });

  it('refuses a file with bad rows, naming row and field, and writes none of it', async () => {
    const csv = `${HEADER}GOOD1,Fine,percentOff,10,,,,all,,products,100001,${today},${end}\nBAD-A,Too much,percentOff,150,,,,all,,products,100001,${today},${end}\nBAD-B,Unknown,fixedPrice,9.50,,,,all,,products,NOPE9,${today},${end}\nBAD-C,Backwards,amountOff,1,,,,all,,products,100001,${end},${today}\nSTOP,Ended,percentOff,10,,,,all,,products,100001,${today},${end}\nGOOD1,Again,percentOff,10,,,,all,,products,100001,${today},${end}\n`;
    const { status, body } = await upload(csv);
    assert.equal(status, 422);
    assert.equal(body.outcome, 'refused');
    assert.deepEqual(
      body.problems.map((problem) => [problem.line, problem.column, problem.reason]),
      [
        [3, 'value', 'A percentage from 0.01 to 100, at most two decimals, e.g. 12.5'],
        [4, 'targets', "Unknown product codes: 'NOPE9'"],
        [5, 'validTo', `Must be on or after the first day (${end})`],
        [6, 'code', 'Promotion STOP was ended early and can no longer be changed'],
        [7, 'code', "'GOOD1' appears already on line 2"],
      ],
    );
    assert.equal((await call('GET', '/promotions/GOOD1')).status, 404);
    assert.equal((await upload(csv, false, service)).status, 403);
  });
});
