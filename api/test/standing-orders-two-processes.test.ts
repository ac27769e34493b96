import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { like, sql } from 'drizzle-orm';
import { mailMessages } from '../src/db/schema';
import pg from 'pg';
import { selectRows } from '../src/catalogue/sql-rows';
import { fillActiveCart, SOLO, shopper } from './support/cart-helpers';
import { eventually } from './support/order-helpers';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { createStandingOrder, queuedReminders, runScheduler, standingOrdersPlaced } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { openSameDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { onlyOnPostgres } from './support/engines';

const env = { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0', ...ON_DEMAND_OUTBOX };

/** Two API processes on one database, as in production behind a load balancer. */
async function twoServers(): Promise<[TestServer, TestServer, () => Promise<void>]> {
  const one = await startTestServer({ env });
  const two = await startTestServer({ env, database: await openSameDatabase(one.database) });
  return [
    one,
    two,
    async () => {
      await two.app.close();
      await two.database.close();
      await one.close();
    },
  ];
}

describe('standing orders with two API processes', { skip: onlyOnPostgres }, () => {
  it('sends one reminder and places one order per delivery, however often both run at once', async () => {
    const [one, two, close] = await twoServers();
    try {
      const solo = await shopper(one, SOLO);
      await setClock(one, '2026-12-01T10:00:00Z');
      await fillActiveCart(one, solo, [2, 1]);
      const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [2, 5], startDate: '2026-12-02' });
      for (const now of ['2026-12-03T08:00:00Z', '2026-12-03T14:00:00Z', '2026-12-07T08:00:00Z', '2026-12-07T14:00:00Z']) {
        await Promise.all([setClock(one, now), setClock(two, now)]);
        await Promise.all([one, two, one, two, one, two].map((server) => runScheduler(server)));
      }
      assert.deepEqual((await queuedReminders(one, standing.code)).map((row) => row.key).sort(), [`${standing.code}/2026-12-04`, `${standing.code}/2026-12-08`]);
      assert.deepEqual((await standingOrdersPlaced(one, standing.code)).map((order) => order.deliveryDate).sort(), ['2026-12-04', '2026-12-08']);
      // Without SMTP the mails land in the demo mailbox, each once.
      await Promise.all([dispatch(one), dispatch(two)]);
      const rows = await one.database.db.select({ subject: mailMessages.subject }).from(mailMessages).where(like(mailMessages.subject, 'Standing order %'));
      const subjects = rows.map((row) => row.subject).sort();
      assert.deepEqual(subjects, [`Standing order ${standing.code} (Standing order): delivery Friday 4 December 2026`, `Standing order ${standing.code} (Standing order): delivery Tuesday 8 December 2026`]);
    } finally {
      await close();
    }
  });

  it('a change to a delivery racing its placement: one wins, the other is refused, nothing half-written', async () => {
    const [one, two, close] = await twoServers();
    try {
      const solo = await shopper(one, SOLO);
      await Promise.all([setClock(one, '2026-12-01T10:00:00Z'), setClock(two, '2026-12-01T10:00:00Z')]);
      const [first] = await fillActiveCart(one, solo, [2]);
      const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [2, 5], startDate: '2026-12-02' });
      // Process one still takes changes (its clock a moment before the cut-off); process two places at the cut-off.
      await setClock(one, '2026-12-03T13:59:59Z');
      await setClock(two, '2026-12-03T14:00:00Z');
      const [change] = await Promise.all([
        solo.call('PUT', `/users/current/standingorders/${standing.code}/deliveries/2026-12-04`, { body: { entries: [{ product: { code: first }, quantity: 9 }] } }),
        runScheduler(two),
      ]);
      await runScheduler(two);
      const [placed] = await standingOrdersPlaced(one, standing.code);
      assert.ok(placed, 'the delivery was ordered');
      const order = await solo.call('GET', `/users/current/orders/${placed.code}`, { scoped: false });
      const quantities = (order.body.entries as { quantity: number }[]).map((entry) => entry.quantity);
      if (change.status === 200) assert.deepEqual(quantities, [9], 'the change came first: the order has it');
      else {
        assert.equal(change.status, 409);
        assert.deepEqual(quantities, [2], 'the order came first: the change is refused and the order has the standing lines');
      }
    } finally {
      await close();
    }
  });

  it('a process killed while it holds a claimed job places nothing; the other places the order once', { skip: !process.env.TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL): PGlite is one process' }, async () => {
    const [one, two, close] = await twoServers();
    const blocker = new pg.Client({ connectionString: await databaseUrlOf(one) });
    await blocker.connect();
    try {
      const solo = await shopper(one, SOLO);
      await setClock(one, '2026-12-01T10:00:00Z');
      await fillActiveCart(one, solo, [2]);
      const standing = await createStandingOrder(solo, { cartId: 'active', weekdays: [5], startDate: '2026-12-02' });
      await Promise.all([setClock(one, '2026-12-03T13:00:00Z'), setClock(two, '2026-12-03T13:00:00Z')]);
      await runScheduler(one);
      // Every order insert updates order_counts (a trigger): holding that table stops process one mid-way,
      // after it claimed the job and wrote the order, before it commits.
      await blocker.query('begin');
      await blocker.query('lock table order_counts in exclusive mode');
      await setClock(one, '2026-12-03T14:00:00Z');
      const stuck = await eventually(async () => {
        const rows = await blocker.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        return rows.rows[0]?.pid;
      }, 'process one waiting inside its placement');
      await setClock(two, '2026-12-03T14:00:00Z');
      const meanwhile = await runScheduler(two);
      assert.equal(meanwhile.placed, 0, 'the claimed job is skipped, not taken twice');
      // Process one dies: its connection goes, and with it the transaction.
      await blocker.query('select pg_terminate_backend($1)', [stuck]);
      await blocker.query('rollback');
      assert.equal((await standingOrdersPlaced(one, standing.code)).length, 0);
      // Whatever process one managed to record before it died, the job is due again soon after.
      await setClock(two, '2026-12-03T14:10:00Z');
      await runScheduler(two);
      await runScheduler(two);
      assert.deepEqual((await standingOrdersPlaced(two, standing.code)).map((order) => order.deliveryDate), ['2026-12-04']);
    } finally {
      await blocker.end();
      await close();
    }
  });
});

/** The URL of the server's own test database, for a connection of the test's own. */
async function databaseUrlOf(server: TestServer): Promise<string> {
  const rows = await selectRows<{ name: string }>(server.database.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${rows[0]?.name ?? ''}`;
  return url.toString();
}
