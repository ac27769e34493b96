import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './support/test-database';

type Day = { ship_to_code: string; delivery_date: string; status: string; net: number };

/** Rows of a raw statement, on either engine (their execute results differ in type, not in `rows`). */
const rowsOf = async <T>(database: Database, query: SQL): Promise<T[]> => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Net pence per ship-to, delivery date and status, summed from the orders and from the running totals; days
 * netting to nothing are left out of both (a total whose orders all moved away stays behind as 0).
 */
async function bothWays(database: Database): Promise<{ fromOrders: Day[]; fromTotals: Day[] }> {
  const rows = (table: 'orders' | 'order_spend_days') =>
    rowsOf<Day>(
      database,
      sql`select ship_to_code, delivery_date::text, status, sum(net_pence)::int as net from ${sql.identifier(table)}
          group by 1, 2, 3 having sum(net_pence) <> 0 order by 1, 2, 3`,
    );
  return { fromOrders: await rows('orders'), fromTotals: await rows('order_spend_days') };
}

describe('order_spend_days: the running totals that period limits read (approvals/limit-check.ts)', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.close());

  it('holds the demo orders as summed from the orders themselves (the migration backfill and the trigger)', async () => {
    const { fromOrders, fromTotals } = await bothWays(database);
    assert.ok(fromOrders.length > 0);
    assert.deepEqual(fromTotals, fromOrders);
  });

  it('follows every write of an order: insert, net total, status, delivery date, ship-to, deletion', async () => {
    const [template] = await rowsOf<{ user_id: number; ship_to_code: string; sold_to_code: string; range: string }>(
      database,
      sql`select user_id, ship_to_code, sold_to_code, range from orders order by id limit 1`,
    );
    assert.ok(template);
    const [other] = await rowsOf<{ code: string }>(database, sql`select code from ship_tos where code <> ${template.ship_to_code} order by code limit 1`);
    assert.ok(other);
    const [cart] = await rowsOf<{ id: number }>(
      database,
      sql`insert into carts (code, user_id, ship_to_code, range, status)
          values ('spend-days-test', ${template.user_id}, ${template.ship_to_code}, ${template.range}, 'ordered') returning id`,
    );
    assert.ok(cart);
    const changes = [
      sql`insert into orders (code, user_id, ship_to_code, sold_to_code, range, status, placed_at, delivery_date, net_pence, vat_pence, gross_pence, source_cart_id, idempotency_key)
          values ('MV-SPEND1', ${template.user_id}, ${template.ship_to_code}, ${template.sold_to_code}, ${template.range}, 'placed', now(), current_date + 2, 5000, 0, 5000, ${cart.id}, 'spend-days-test')`,
      sql`update orders set net_pence = net_pence + 1234 where code = 'MV-SPEND1'`,
      sql`update orders set status = 'cancelled' where code = 'MV-SPEND1'`,
      sql`update orders set delivery_date = delivery_date + 3, net_pence = net_pence - 34 where code = 'MV-SPEND1'`,
      sql`update orders set ship_to_code = ${other.code} where code = 'MV-SPEND1'`,
      sql`update orders set status = status where code = 'MV-SPEND1'`,
      sql`delete from orders where code = 'MV-SPEND1'`,
    ];
    for (const change of changes) {
      await database.db.execute(change);
      const { fromOrders, fromTotals } = await bothWays(database);
      assert.deepEqual(fromTotals, fromOrders);
    }
  });
});
