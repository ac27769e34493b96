// test:api:embedded: the demo seed, which the embedded demo start runs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq, inArray } from 'drizzle-orm';
import { orderLines, orders, users } from '../src/db/schema';
import { REPORTS_DEMO } from '../src/seed/reports-demo';
import { seedDemoData } from '../src/seed/seed';
import { BASE, startTestServer, type TestServer } from './support/test-server';

interface Report {
  total: { valuePence: number };
  sites: { name: string; spend: { valuePence: number } }[];
  byMonth: { spend: { valuePence: number } }[];
  categories: { name: string }[];
}

describe('the spend report demo (README "Demo users": head@example.com)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  async function snapshot() {
    const db = server.database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, REPORTS_DEMO.username));
    assert.ok(user);
    const demoOrders = await db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(asc(orders.id));
    // In a stated order: a second seed may leave the same rows stored elsewhere.
    const lines = await db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, demoOrders.map((order) => order.id)))
      .orderBy(asc(orderLines.orderId), asc(orderLines.lineNumber));
    return { orders: demoOrders, lines };
  }

  it("shows head office both sites' spend, in more than one month and category, on a first start", async () => {
    const token = await server.tokenFor(REPORTS_DEMO.username);
    const response = await server.request(`${BASE}/users/current/reports/spend`, { token });
    assert.equal(response.status, 200);
    const report = (await response.json()) as Report;
    assert.ok(report.total.valuePence > 0);
    assert.deepEqual(report.sites.map((site) => [site.name, site.spend.valuePence > 0]), [
      ['Harbour Café – Old Town', true],
      ['Harbour Café – Quayside', true],
    ]);
    assert.ok(report.byMonth.filter((month) => month.spend.valuePence > 0).length >= 2, 'spend in at least two months');
    assert.ok(report.categories.length >= 3, 'several categories');
    const { orders: demoOrders } = await snapshot();
    assert.equal(report.total.valuePence, demoOrders.reduce((sum, order) => sum + order.netPence, 0), 'the report is the demo orders, to the penny');
  });

  it('a second seed leaves the demo orders as they are', async () => {
    const before = await snapshot();
    await seedDemoData(server.database.db);
    assert.deepEqual(await snapshot(), before);
  });
});
