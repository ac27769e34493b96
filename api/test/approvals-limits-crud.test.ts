import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, orders, userRoles, users } from '../src/db/schema';
import { createCompany, createPerson, eventsOf } from './support/approval-helpers';
import { placeTestOrder } from './support/order-helpers';
import { operatorToken } from './support/admin-client';
import { shopper, SOLO, type Json, type Shopper } from './support/cart-helpers';
import { cartFor, HARBOUR, type ApprovalReasonBody, QUAYSIDE } from './support/limit-helpers';
import { startTestServer, type TestServer } from './support/test-server';

const NORTHERN = '0000100002';
const NORTHGATE = '0000410004';
const PATH = '/users/current/orderApprovalPermissions';

interface LimitBody {
  code: string;
  type: string;
  threshold: number;
  periodRange: string | null;
  soldTo: string;
  shipTo: { code: string; name: string } | null;
  user: { uid: string; name: string } | null;
  heldOrders: number;
}

describe('limits: company admins within their sold-tos, operators for any', () => {
  let server: TestServer;
  /** multi@example.com: ship-tos of both companies, admin of Harbour Hospitality (0000100001) only. */
  let admin: Shopper;
  let solo: Shopper;
  let operator: string;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true' } });
    const [multi] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, QUAYSIDE.username));
    await server.database.db.insert(userRoles).values({ userId: multi?.id as number, soldToCode: HARBOUR, role: 'admin' });
    admin = await shopper(server, QUAYSIDE);
    solo = await shopper(server, SOLO);
    operator = await operatorToken(server);
  });
  after(() => server.close());

  const call = (who: Shopper, method: string, path: string, body?: unknown) => who.call(method, path, { scoped: false, body });
  const backOffice = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const response = await server.request(`/admin/v1${path}`, { method, token: operator, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
  };
  const error = (answer: Json) => [answer.status, answer.body.errors?.[0]?.subject, answer.body.errors?.[0]?.message];

  it('raising or removing a limit re-checks the orders it holds: those within every limit are placed, the others show the limit as it is now', async () => {
    const company = await createCompany(server);
    const head = await createPerson(server, company, ['admin']);
    const buyer = await createPerson(server, company, []);
    const small = await placeTestOrder(server, buyer.who, [1]);
    const large = (await placeTestOrder(server, buyer.who, [3, 2])) as unknown as { code: string; subTotal: { valuePence: number } };
    const smallNet = (small as unknown as { subTotal: { valuePence: number } }).subTotal.valuePence;
    const made = await call(head.who, 'POST', PATH, { type: 'orderThreshold', threshold: smallNet - 1, shipTo: company.shipTo });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const limit = made.body as unknown as LimitBody;
    // Placed before the limit existed, they stay placed; two new orders are held over it.
    const held = [await placeTestOrder(server, buyer.who, [1]), await placeTestOrder(server, buyer.who, [3, 2])].map((order) => order.code);
    const statusOf = async (code: string) => (await server.database.db.select({ status: orders.status, reasons: orders.approvalReasons }).from(orders).where(eq(orders.code, code)))[0];
    assert.deepEqual([(await statusOf(held[0] as string))?.status, (await statusOf(held[1] as string))?.status], ['pendingApproval', 'pendingApproval']);
    assert.equal((await statusOf(small.code))?.status, 'placed');
    const heldCount = async () => ((await call(head.who, 'GET', PATH)).body.orderApprovalPermissions as LimitBody[]).find((row) => row.code === limit.code)?.heldOrders;
    assert.equal(await heldCount(), 2);

    const raised = await call(head.who, 'PATCH', `${PATH}/${limit.code}`, { threshold: smallNet });
    assert.equal(raised.status, 200, JSON.stringify(raised.body));
    assert.equal((raised.body as unknown as LimitBody).heldOrders, 1);
    assert.equal((await statusOf(held[0] as string))?.status, 'placed');
    assert.equal((await eventsOf(server, held[0] as string, 'order.placed')).filter((event) => event.channel === 'webhook').length, 1);
    const still = await statusOf(held[1] as string);
    assert.equal(still?.status, 'pendingApproval');
    assert.deepEqual((still?.reasons as ApprovalReasonBody[]).map(({ limit: code, threshold, amount }) => ({ code, threshold, amount })), [{ code: limit.code, threshold: smallNet, amount: large.subTotal.valuePence }]);

    const removed = await call(head.who, 'DELETE', `${PATH}/${limit.code}`);
    assert.equal(removed.status, 204);
    assert.equal((await statusOf(held[1] as string))?.status, 'placed');
    assert.deepEqual((await statusOf(held[1] as string))?.reasons, []);
  });

  it('adds, lists, changes and deletes a ship-to limit, each change in the audit log with the admin as actor', async () => {
    const created = await call(admin, 'POST', `/users/current/orderApprovalPermissions`, { type: 'orderThreshold', threshold: 15000, shipTo: QUAYSIDE.shipTo });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const limit = created.body as unknown as LimitBody;
    assert.match(limit.code, /^AL-\d{6}$/);
    assert.deepEqual({ ...limit, code: 'x' }, { code: 'x', type: 'orderThreshold', threshold: 15000, periodRange: null, soldTo: HARBOUR, shipTo: { code: QUAYSIDE.shipTo, name: 'Harbour Café – Quayside' }, user: null, heldOrders: 0 });
    const listed = (await call(admin, 'GET', PATH)).body.orderApprovalPermissions as LimitBody[];
    assert.deepEqual(listed.find((row) => row.code === limit.code), limit);

    const again = await call(admin, 'POST', PATH, { type: 'orderThreshold', threshold: 100, shipTo: QUAYSIDE.shipTo });
    assert.deepEqual(error(again), [409, 'type', `There is already a limit like this: ${limit.code}`]);

    const changed = await call(admin, 'PATCH', `${PATH}/${limit.code}`, { threshold: 20000 });
    assert.equal(changed.status, 200);
    assert.equal((changed.body as unknown as LimitBody).threshold, 20000);
    assert.deepEqual(error(await call(admin, 'PATCH', `${PATH}/${limit.code}`, { periodRange: 'WEEK' })), [400, 'periodRange', 'Only a period limit has a periodRange']);

    assert.equal((await call(admin, 'DELETE', `${PATH}/${limit.code}`)).status, 204);
    assert.equal((await call(admin, 'DELETE', `${PATH}/${limit.code}`)).status, 404);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, `approvalLimit:${limit.code}`)).orderBy(desc(auditLog.id));
    assert.deepEqual(audit.map((row) => [row.action, row.operatorId, row.actorUserId !== null]), [
      ['approvalLimit.delete', null, true],
      ['approvalLimit.update', null, true],
      ['approvalLimit.create', null, true],
    ]);
  });

  it('adds week and month limits for a ship-to and a per-order limit for a user', async () => {
    const week = await call(admin, 'POST', PATH, { type: 'periodThreshold', periodRange: 'WEEK', threshold: 50000, shipTo: QUAYSIDE.shipTo });
    const month = await call(admin, 'POST', PATH, { type: 'periodThreshold', periodRange: 'MONTH', threshold: 180000, shipTo: QUAYSIDE.shipTo });
    const user = await call(admin, 'POST', PATH, { type: 'orderThreshold', threshold: 9000, user: 'MULTI@example.com' });
    assert.deepEqual([week.status, month.status, user.status], [201, 201, 201], JSON.stringify([week.body, month.body, user.body]));
    assert.deepEqual((user.body as unknown as LimitBody).user, { uid: 'multi@example.com', name: 'Morgan Hale' });
    assert.equal((user.body as unknown as LimitBody).soldTo, HARBOUR);
    const weekCode = (week.body as unknown as LimitBody).code;
    const twoMonths = await call(admin, 'PATCH', `${PATH}/${weekCode}`, { periodRange: 'MONTH' });
    assert.deepEqual(error(twoMonths), [409, 'type', `There is already a limit like this: ${(month.body as unknown as LimitBody).code}`]);
    for (const created of [week, month, user]) await call(admin, 'DELETE', `${PATH}/${(created.body as unknown as LimitBody).code}`);
  });

  it('refuses shapes that make no limit, naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ type: 'periodThreshold', threshold: 1, shipTo: QUAYSIDE.shipTo }, 'periodRange', 'A period limit needs a periodRange: WEEK or MONTH'],
      [{ type: 'periodThreshold', periodRange: 'WEEK', threshold: 1, user: 'multi@example.com' }, 'user', 'A period limit is for a ship-to, not a user'],
      [{ type: 'orderThreshold', threshold: 1 }, 'shipTo', 'Name the ship-to (or, for an order limit, the user) the limit is for'],
      [{ type: 'orderThreshold', threshold: 1, shipTo: QUAYSIDE.shipTo, user: 'multi@example.com' }, 'user', 'An order limit is for a ship-to or a user, not both'],
      [{ type: 'orderThreshold', periodRange: 'WEEK', threshold: 1, shipTo: QUAYSIDE.shipTo }, 'periodRange', 'Only a period limit has a periodRange'],
    ];
    for (const [body, subject, message] of cases) assert.deepEqual(error(await call(admin, 'POST', PATH, body)), [400, subject, message]);
    for (const [body, subject] of [
      [{ type: 'orderThreshold', threshold: -1, shipTo: QUAYSIDE.shipTo }, 'threshold'],
      [{ type: 'orderThreshold', threshold: 1.5, shipTo: QUAYSIDE.shipTo }, 'threshold'],
      [{ type: 'dailyThreshold', threshold: 1, shipTo: QUAYSIDE.shipTo }, 'type'],
      [{ type: 'orderThreshold', threshold: 1, shipTo: QUAYSIDE.shipTo, colour: 'red' }, 'body'],
    ] as const) {
      const answer = await call(admin, 'POST', PATH, body);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.equal(answer.body.errors?.[0]?.subject, subject);
    }
  });

  it("answers another company's ship-tos, users and limits as missing, and non-admins with 403", async () => {
    assert.deepEqual(error(await call(admin, 'POST', PATH, { type: 'orderThreshold', threshold: 1, shipTo: NORTHGATE })), [404, 'shipTo', `Ship-to '${NORTHGATE}' not found`]);
    assert.deepEqual(error(await call(admin, 'POST', PATH, { type: 'orderThreshold', threshold: 1, user: SOLO.username })), [404, 'user', `User '${SOLO.username}' not found`]);
    assert.deepEqual(error(await call(admin, 'POST', PATH, { type: 'orderThreshold', threshold: 1, user: 'multi@example.com', soldTo: NORTHERN })), [404, 'soldTo', `Sold-to '${NORTHERN}' not found`]);
    const theirs = await backOffice('POST', '/approvalpermissions', { type: 'orderThreshold', threshold: 500, shipTo: NORTHGATE });
    assert.equal(theirs.status, 201, JSON.stringify(theirs.body));
    const code = (theirs.body as unknown as LimitBody).code;
    assert.equal((await call(admin, 'PATCH', `${PATH}/${code}`, { threshold: 1 })).status, 404);
    assert.equal((await call(admin, 'DELETE', `${PATH}/${code}`)).status, 404);
    assert.ok(!((await call(admin, 'GET', PATH)).body.orderApprovalPermissions as LimitBody[]).some((row) => row.code === code));
    assert.deepEqual(error(await call(solo, 'GET', PATH)), [403, undefined, 'Only a company admin can manage limits']);
    assert.equal((await call(solo, 'POST', PATH, { type: 'orderThreshold', threshold: 1, shipTo: SOLO.shipTo })).status, 403);

    // The operator sees and manages every sold-to's limits; a user of two of them needs the sold-to named.
    const northern = await backOffice('GET', `/approvalpermissions?soldTo=${NORTHERN}`);
    assert.deepEqual((northern.body.orderApprovalPermissions as LimitBody[]).map((row) => row.code), [code]);
    assert.deepEqual(error(await backOffice('POST', '/approvalpermissions', { type: 'orderThreshold', threshold: 1, user: 'multi@example.com' })), [
      400,
      'soldTo',
      "User 'multi@example.com' orders for more than one of your sold-tos: name the sold-to",
    ]);
    assert.equal((await backOffice('PATCH', `/approvalpermissions/${code}`, { threshold: 700 })).status, 200);
    assert.equal((await backOffice('DELETE', `/approvalpermissions/${code}`)).status, 204);
    const [audit] = await server.database.db.select().from(auditLog).where(and(eq(auditLog.subject, `approvalLimit:${code}`), eq(auditLog.action, 'approvalLimit.delete')));
    assert.equal(typeof audit?.operatorId, 'number');
  });

  it('previews checkout: whether the current cart would need approval, and why, for a date or the cart’s own', async () => {
    const net = await cartFor(server, admin, { at: '2027-01-04T09:00:00Z', deliveryDate: '2027-01-07' });
    const check = (query = '') => admin.call('GET', `/users/current/carts/current/approvalcheck${query}`);
    assert.deepEqual((await check()).body, { needsApproval: false, reasons: [] });
    const week = await call(admin, 'POST', PATH, { type: 'periodThreshold', periodRange: 'WEEK', threshold: net - 1, shipTo: QUAYSIDE.shipTo });
    const answer = await check('?deliveryDate=2027-01-09');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.needsApproval, true);
    assert.deepEqual((answer.body.reasons as ApprovalReasonBody[]).map(({ limit, amount, period }) => ({ limit, amount, period })), [
      { limit: (week.body as unknown as LimitBody).code, amount: net, period: { from: '2027-01-04', to: '2027-01-10' } },
    ]);
    assert.equal((await check('?deliveryDate=2027-02-30')).status, 400);
    assert.equal((await admin.call('GET', '/users/current/carts/current/approvalcheck?shipTo=0000410001&salesOrg=DAIR', { scoped: false })).status, 404);
    await call(admin, 'DELETE', `${PATH}/${(week.body as unknown as LimitBody).code}`);
  });
});
