// test:api:embedded: the demo users, which the embedded demo start seeds.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { userOrderLimit } from '../src/approvals/user-order-limit';
import { rolesBySoldTo } from '../src/users/roles';
import { approvalLimits, users } from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const HARBOUR = '0000100001';

describe('the demo users of people and approvals (README "Demo users")', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const idOf = async (username: string) => {
    const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    assert.ok(row, username);
    return row.id;
  };

  it('head@ runs Harbour Hospitality (admin and approver, Quayside and Old Town); buyer@ orders for Quayside with a £150 limit', async () => {
    const head = await idOf('head@example.com');
    const buyer = await idOf('buyer@example.com');
    assert.deepEqual([...(await rolesBySoldTo(server.database.db, head))], [[HARBOUR, ['buyer', 'approver', 'admin']]]);
    assert.deepEqual([...(await rolesBySoldTo(server.database.db, buyer))], [[HARBOUR, ['buyer']]]);
    assert.equal(await userOrderLimit(server.database.db, HARBOUR, buyer), 15_000);
    assert.equal(await userOrderLimit(server.database.db, HARBOUR, head), null);

    for (const [username, shipTos] of [
      ['head@example.com', ['0000410002', '0000410003']],
      ['buyer@example.com', ['0000410002']],
    ] as const) {
      const token = await server.tokenFor(username);
      const response = await server.request(`${BASE}/users/current`, { token });
      assert.equal(response.status, 200, `${username} signs in with the demo password`);
      const body = (await response.json()) as { shipTos: { code: string }[] };
      assert.deepEqual(body.shipTos.map((shipTo) => shipTo.code), [...shipTos], username);
    }
  });

  it('seeding again sets the same roles and limit, nothing doubled', async () => {
    await seedDemoData(server.database.db, { products: 10 });
    const head = await idOf('head@example.com');
    assert.deepEqual([...(await rolesBySoldTo(server.database.db, head))], [[HARBOUR, ['buyer', 'approver', 'admin']]]);
    const limits = await server.database.db.select().from(approvalLimits).where(eq(approvalLimits.userId, await idOf('buyer@example.com')));
    assert.deepEqual(limits.map((limit) => [limit.type, limit.thresholdPence]), [['orderThreshold', 15_000]]);
  });
});
