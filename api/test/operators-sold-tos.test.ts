// test:api:embedded: a rep's scope narrows the customers search inside its one statement (an array parameter beside the ilike patterns), on each engine
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, operators, soldTos } from '../src/db/schema';
import { DEMO_SALES_REP, DEMO_SERVICE_OPERATOR } from '../src/seed/demo-accounts';
import { seedDemoData } from '../src/seed/seed';
import { createOperator, operatorToken } from './support/admin-client';
import { startTestServer, type TestServer } from './support/test-server';

interface Assigned {
  id: number;
  email: string;
  role: string;
  soldTos: { code: string; name: string }[];
}
interface CustomerList {
  soldTos: { code: string; name: string; shipTos: { code: string }[] }[];
  unconfiguredUsers: { username: string }[];
  hasMore: boolean;
}
interface Problem {
  errors: { type: string; subject: string; message: string }[];
}

describe('sales reps: assigned sold-tos (/admin/v1/operators/{id}/soldtos) and their customers', () => {
  let server: TestServer;
  let admin: string;
  let service: string;
  let rep: { id: number; email: string; token: string };
  let serviceId: number;
  /** Sold-tos of this test's own, so the paging below counts only what it made. */
  const own = ['0000199101', '0000199102', '0000199103'];

  const idOf = async (email: string) => {
    const [row] = await server.database.db.select({ id: operators.id }).from(operators).where(eq(operators.email, email));
    assert.ok(row, `operator ${email}`);
    return row.id;
  };
  before(async () => {
    server = await startTestServer();
    admin = await operatorToken(server);
    const serviceEmail = await createOperator(server, 'customerService');
    service = await operatorToken(server, serviceEmail);
    serviceId = await idOf(serviceEmail);
    const repEmail = await createOperator(server, 'sales');
    rep = { id: await idOf(repEmail), email: repEmail, token: await operatorToken(server, repEmail) };
    await server.database.db.insert(soldTos).values(own.map((code, index) => ({ code, name: `Rep Test Foods ${index + 1}` })));
  });
  after(() => server.close());

  const call = async <T>(path: string, token: string, init: RequestInit = {}) => {
    const response = await server.request(`/admin/v1${path}`, { token, ...init });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
  };
  const assign = <T = Assigned>(id: number, soldTos: unknown, token = admin) => call<T>(`/operators/${id}/soldtos`, token, { method: 'PUT', body: JSON.stringify({ soldTos }) });
  const customers = (token: string, query = '') => call<CustomerList>(`/customers${query}`, token);
  const auditOf = (email: string) =>
    server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'operator.soldTos'), eq(auditLog.subject, `operator:${email}`))).orderBy(auditLog.id);

  it('an admin assigns sold-tos to a rep and reads them back; the change is audited with before and after, the same list again is not', async () => {
    const first = await assign(rep.id, ['0000100001']);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body.soldTos, [{ code: '0000100001', name: 'Harbour Hospitality Ltd' }]);

    const changed = await assign(rep.id, ['0000100002', '0000100001', '0000100002']);
    assert.deepEqual(changed.body.soldTos.map((soldTo) => soldTo.code), ['0000100001', '0000100002'], 'sorted, each once');
    const read = await call<Assigned>(`/operators/${rep.id}/soldtos`, admin);
    assert.equal(read.status, 200);
    assert.deepEqual([read.body.email, read.body.role, read.body.soldTos], [rep.email, 'sales', changed.body.soldTos]);

    assert.equal((await assign(rep.id, ['0000100001', '0000100002'])).status, 200);
    const audited = await auditOf(rep.email);
    assert.deepEqual(
      audited.map((entry) => [entry.before, entry.after]),
      [
        [{ soldTos: [] }, { soldTos: ['0000100001'] }],
        [{ soldTos: ['0000100001'] }, { soldTos: ['0000100001', '0000100002'] }],
      ],
    );
    assert.equal(audited[0]?.operatorId, await idOf('admin@meadowvale.example'));
  });

  it('only admins: 403 for customer service and for a rep, even about themselves', async () => {
    for (const token of [service, rep.token]) {
      assert.equal((await call(`/operators/${rep.id}/soldtos`, token)).status, 403);
      assert.equal((await assign(rep.id, ['0000100003'], token)).status, 403);
    }
    assert.equal((await server.request(`/admin/v1/operators/${rep.id}/soldtos`)).status, 401);
  });

  it('404 an unknown operator; 422 an operator who is not sales, and a sold-to that does not exist, by name; nothing changes', async () => {
    const before = (await call<Assigned>(`/operators/${rep.id}/soldtos`, admin)).body.soldTos;
    const unknownOperator = await assign<Problem>(2_000_000_000, ['0000100001']);
    assert.equal(unknownOperator.status, 404);
    assert.equal((await call(`/operators/2000000000/soldtos`, admin)).status, 404);

    const notSales = await assign<Problem>(serviceId, ['0000100001']);
    assert.equal(notSales.status, 422);
    assert.match(notSales.body.errors[0]?.message ?? '', /is customerService: only a sales operator is assigned customers/);
    assert.deepEqual((await call<Assigned>(`/operators/${serviceId}/soldtos`, admin)).body.soldTos, [], 'customer service is assigned nothing: they see everyone');

    const unknownSoldTo = await assign<Problem>(rep.id, ['0000100003', '0000999999']);
    assert.equal(unknownSoldTo.status, 422);
    assert.deepEqual([unknownSoldTo.body.errors[0]?.subject, unknownSoldTo.body.errors[0]?.message], ['soldTos.1', "Sold-to '0000999999' not found"]);
    assert.equal((await assign<Problem>(rep.id, ['not a code'])).status, 400);
    assert.equal((await call(`/operators/${rep.id}/soldtos`, admin, { method: 'PUT', body: JSON.stringify({ soldTos: [], extra: 1 }) })).status, 400);
    assert.deepEqual((await call<Assigned>(`/operators/${rep.id}/soldtos`, admin)).body.soldTos, before);
  });

  it('a rep finds only their sold-tos: search cannot reach another customer, paging counts only theirs, no users without a sold-to', async () => {
    assert.equal((await assign(rep.id, ['0000100001', ...own])).status, 200);
    const all = await customers(rep.token, '?pageSize=100');
    assert.equal(all.status, 200);
    assert.deepEqual(all.body.soldTos.map((soldTo) => soldTo.code), ['0000100001', ...own]);
    assert.deepEqual(all.body.unconfiguredUsers, []);
    assert.deepEqual(all.body.soldTos[0]?.shipTos.map((shipTo) => shipTo.code), ['0000410002', '0000410003']);

    // Northern Fresh (0000100002) by its name, its ship-to's code, its postcode and its user: none of them.
    for (const q of ['Northern', '0000100002', '0000410001', 'YO1 7LQ', 'solo@example.com', 'Sam Okafor']) {
      assert.deepEqual((await customers(rep.token, `?q=${encodeURIComponent(q)}`)).body.soldTos, [], q);
    }
    assert.deepEqual((await customers(rep.token, '?q=Quayside')).body.soldTos.map((soldTo) => soldTo.code), ['0000100001']);
    assert.deepEqual((await customers(rep.token, '?q=buyer%40example.com')).body.soldTos.map((soldTo) => soldTo.code), ['0000100001']);

    const first = await customers(rep.token, '?q=Rep%20Test&pageSize=2');
    assert.deepEqual([first.body.soldTos.map((soldTo) => soldTo.code), first.body.hasMore], [own.slice(0, 2), true]);
    const second = await customers(rep.token, '?q=Rep%20Test&pageSize=2&page=1');
    assert.deepEqual([second.body.soldTos.map((soldTo) => soldTo.code), second.body.hasMore], [own.slice(2), false]);
    const unpaged = await customers(rep.token, '?pageSize=2');
    assert.deepEqual([unpaged.body.soldTos.map((soldTo) => soldTo.code), unpaged.body.hasMore], [['0000100001', own[0]], true]);

    assert.equal((await assign(rep.id, [])).status, 200);
    const none = await customers(rep.token);
    assert.deepEqual([none.body.soldTos, none.body.hasMore], [[], false], 'a rep with nothing assigned sees nobody');
  });

  it('customer service and admins still see every customer, and the users without a ship-to', async () => {
    for (const token of [service, admin]) {
      const list = await customers(token, '?pageSize=100');
      assert.equal(list.status, 200);
      const codes = list.body.soldTos.map((soldTo) => soldTo.code);
      for (const code of ['0000100001', '0000100002', '0000100003', ...own]) assert.ok(codes.includes(code), code);
      assert.ok(list.body.unconfiguredUsers.some((user) => user.username === 'unconfigured@example.com'));
      assert.deepEqual((await customers(token, '?q=Northern')).body.soldTos.map((soldTo) => soldTo.code), ['0000100002']);
    }
  });

  it('every other back-office route stays closed to a rep (403)', async () => {
    const closed: [string, string, unknown?][] = [
      ['GET', '/orders'],
      ['GET', '/products'],
      ['GET', '/audit'],
      ['GET', '/imports'],
      ['GET', '/reports/sales'],
      ['GET', '/operators'],
      ['GET', '/creditrequests'],
      ['PUT', '/shiptos/0000410002/cutoffreminder', { hours: 2 }],
      ['PUT', '/shiptos/0000410002/ranges/DAIR/minimumorder', { minimumOrderPence: null }],
      ['POST', '/users/buyer@example.com/disable'],
    ];
    for (const [method, path, body] of closed) {
      const response = await call(path, rep.token, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      assert.equal(response.status, 403, `${method} ${path}`);
    }
    const imported = await server.request('/admin/v1/imports/customers?dryRun=true', { method: 'POST', token: rep.token, headers: { 'content-type': 'text/csv' }, body: 'record,code,name\nsoldTo,0000199109,Nope\n' });
    assert.equal(imported.status, 403);
  });

  it('the demo: Sam Reed (sales) looks after Harbour Hospitality and Northern Fresh; Chris Moss (customer service) sees everyone', async () => {
    const sam = await operatorToken(server, DEMO_SALES_REP.email);
    const samSees = async () => (await customers(sam, '?pageSize=100')).body.soldTos.map((soldTo) => [soldTo.code, soldTo.name]);
    const demo = [
      ['0000100001', 'Harbour Hospitality Ltd'],
      ['0000100002', 'Northern Fresh Trading Ltd'],
    ];
    assert.deepEqual(await samSees(), demo);
    // Seeding again gives Sam back the sold-to taken from him (through the import's salesRep), none doubled.
    assert.equal((await assign(await idOf(DEMO_SALES_REP.email), ['0000100001'])).status, 200);
    await seedDemoData(server.database.db, { products: 10 });
    assert.deepEqual(await samSees(), demo);
    const chris = await operatorToken(server, DEMO_SERVICE_OPERATOR.email);
    assert.ok((await customers(chris, '?pageSize=100')).body.soldTos.length >= 6);
    assert.equal((await call('/orders', chris)).status, 200);
    assert.equal((await call('/products', chris)).status, 200);
  });
});
