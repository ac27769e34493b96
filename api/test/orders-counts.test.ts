import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { SOLO } from './support/cart-helpers';
import { createTestDatabase } from './support/test-database';

/** order_counts is what the history's page count reads; the trigger on orders must keep it exact. */
describe('order counts kept by the orders trigger', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const placed = async (shipTo: string, range: string) =>
    (await rows<{ placed: number }>(sql`select c.placed from order_counts c join users u on u.id = c.user_id
      where u.username = ${SOLO.username} and c.ship_to_code = ${shipTo} and c.range = ${range}`))[0]?.placed ?? 0;

  /** `n` orders of the solo user in one statement, each from a cart of its own, as a bulk load would write them. */
  async function insertOrders(n: number, tag: string): Promise<void> {
    await database.db.execute(sql`
      with owner as (
        select u.id as user_id, s.code as ship_to_code, s.sold_to_code from users u
        join user_ship_tos us on us.user_id = u.id join ship_tos s on s.code = us.ship_to_code
        where u.username = ${SOLO.username} and s.code = ${SOLO.shipTo}
      ), new_carts as (
        insert into carts (code, user_id, ship_to_code, range, status)
        select ${tag} || '-' || i, owner.user_id, owner.ship_to_code, ${SOLO.salesOrg}, 'ordered' from owner, generate_series(1, ${n}) i
        returning id, code, user_id, ship_to_code
      )
      insert into orders (code, user_id, ship_to_code, sold_to_code, range, delivery_date, net_pence, vat_pence, gross_pence, source_cart_id, idempotency_key)
      select 'T-' || c.code, c.user_id, c.ship_to_code, owner.sold_to_code, ${SOLO.salesOrg}, current_date + 1, 100, 20, 120, c.id, c.code
      from new_carts c, owner`);
  }

  it('adds a bulk insert per owner, subtracts deletes, and leaves other owners alone', async () => {
    const before = await placed(SOLO.shipTo, SOLO.salesOrg);
    await insertOrders(25, 'bulk-a');
    assert.equal(await placed(SOLO.shipTo, SOLO.salesOrg), before + 25);
    await insertOrders(1, 'single');
    assert.equal(await placed(SOLO.shipTo, SOLO.salesOrg), before + 26);
    // Orders bulk-a-1 to bulk-a-9.
    await database.db.execute(sql`delete from orders where code like 'T-bulk-a-_'`);
    assert.equal(await placed(SOLO.shipTo, SOLO.salesOrg), before + 26 - 9);
    const actual = await rows<{ n: number }>(sql`select count(*)::int as n from orders o join users u on u.id = o.user_id
      where u.username = ${SOLO.username} and o.ship_to_code = ${SOLO.shipTo} and o.range = ${SOLO.salesOrg}`);
    assert.equal(await placed(SOLO.shipTo, SOLO.salesOrg), actual[0]?.n);
    assert.equal(await placed(SOLO.shipTo, 'CHIL'), 0);
  });
});
