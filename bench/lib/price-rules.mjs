/**
 * The benches' --price-rules (docs/pricing.md): volume breaks on one dairy product in ten, a list price change next week on
 * another one in ten, and 1000 promotions (900 over, 50 live now, one in ten of them on a category, and 50 to
 * come), about half the cart's lines under one. Only where the API's migrations made the tables: an older
 * commit benched beside this one runs without them.
 */
export async function seedPriceRules(db, soldTo, log) {
  const { rows } = await db.query("select to_regclass('public.promotions') is not null as present");
  if (!rows[0].present) return log('no price rules in this commit: none seeded');
  await db.query(`
    with dairy as (select code, list_price_pence, row_number() over (order by code) as n from products where range = 'DAIR')
    insert into volume_tiers (product_code, min_quantity, price_pence)
    select code, cases, list_price_pence * percent / 100 from dairy, (values (5, 95), (10, 90)) as tier(cases, percent) where n % 10 = 0`);
  await db.query(`
    with dairy as (select code, list_price_pence, row_number() over (order by code) as n from products where range = 'DAIR')
    insert into dated_prices (product_code, valid_from, price_pence) select code, current_date + 7, list_price_pence + 50 from dairy where n % 10 = 5`);
  await db.query(`
    insert into promotions (code, name, kind, value, who, audience, what, targets, valid_from, valid_to)
    select 'BENCH-' || i, 'Bench offer ' || i, 'percentOff', 500 + (i % 10) * 100,
      case when i % 4 = 0 then 'soldTos' else 'all' end, case when i % 4 = 0 then array[$1::text] else '{}'::text[] end,
      case when i % 10 = 0 then 'categories' else 'products' end,
      case when i % 10 = 0 then array(select id from categories where range = 'DAIR' and parent_id is not null order by id offset i % 7 limit 1)
        else array(select code from products where range = 'DAIR' order by code offset (i * 13) % 500 limit 5) end,
      case when i <= 900 then current_date - 400 + i % 390 when i <= 950 then current_date - 3 else current_date + 40 end,
      case when i <= 900 then current_date - 395 + i % 390 when i <= 950 then current_date + 30 else current_date + 50 end
    from generate_series(1, 1000) as i`, [soldTo]);
  log('seeded price rules: breaks and dated prices on one product in ten, 1000 promotions');
}
