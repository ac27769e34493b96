import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { IsoDate } from '../../time/calendar-date';
import { arrayLiteral } from '../../db/text-array';
import type { DatedPrice } from './dated-price';
import type { LineRules } from './line-rules';
import type { PromotionOffer } from './promotion-price';
import type { VolumeTier } from './volume-tiers';

interface RulesRow {
  dated: (DatedPrice & { code: string })[];
  tiers: (VolumeTier & { code: string })[];
  promotions: (PromotionOffer & { products: string[] })[];
}

/**
 * The rules of `codes` for a sold-to that can bear on lines delivered on `date`: the dated prices covering it, the
 * volume breaks, and the promotions covering it or today (an offer live today that is over by the date is told
 * of), in one statement read by index (dated_prices and volume_tiers by product, promotions by their targets' GIN
 * index, for the lines' products or any category above them, then by date). What pricing reads where the process
 * has no copy of the rules (price-rules-copy.ts), and inside a transaction that does not see the rules the copy holds.
 */
export async function readPriceRules(db: DbOrTx, soldTo: string, codes: readonly string[], on: { date: IsoDate; today: IsoDate }): Promise<Map<string, LineRules>> {
  if (codes.length === 0) return new Map();
  const [row] = await rulesStatement(db).execute({ soldTo, codes: arrayLiteral(codes), date: on.date, today: on.today });
  if (!row) throw new Error('the price rules statement answered no row');
  return byProduct(codes, row as unknown as RulesRow);
}

const codes = sql`${sql.placeholder('codes')}::text[]`;
const soldTo = sql`${sql.placeholder('soldTo')}::text`;
const date = sql`${sql.placeholder('date')}::date`;
const today = sql`${sql.placeholder('today')}::date`;
/** The categories of the lines' products and every category above them. */
const lineCategories = sql`array(
  with recursive up(id) as (
    select category_id from products where code = any(${codes})
    union
    select c.parent_id from categories c join up on c.id = up.id where c.parent_id is not null
  ) select id from up)`;

/**
 * Prepared, so PostgreSQL plans it once per connection: inside a transaction (placing an order) it may run for every
 * order, and planning it costs more than running it.
 */
const rulesStatement = (db: DbOrTx) =>
  db
    .select({
      dated: sql`(select coalesce(json_agg(json_build_object('code', product_code, 'soldTo', sold_to_code, 'validFrom', valid_from, 'validTo', valid_to, 'unit', price_pence)), '[]'::json)
        from dated_prices where product_code = any(${codes}) and (sold_to_code is null or sold_to_code = ${soldTo})
          and valid_from <= ${date} and (valid_to is null or valid_to >= ${date}))`,
      tiers: sql`(select coalesce(json_agg(json_build_object('code', product_code, 'soldTo', sold_to_code, 'minQuantity', min_quantity, 'unit', price_pence)), '[]'::json)
        from volume_tiers where product_code = any(${codes}) and (sold_to_code is null or sold_to_code = ${soldTo}))`,
      promotions: sql`(select coalesce(json_agg(json_build_object('code', p.code, 'name', p.name, 'kind', p.kind, 'value', p.value, 'buyQuantity', p.buy_quantity,
          'freeQuantity', p.free_quantity, 'minQuantity', p.min_quantity, 'validFrom', p.valid_from, 'validTo', p.valid_to, 'products', p.products)), '[]'::json)
        from (
          select live.*, case when live.what = 'products' then array(select unnest(live.targets) intersect select unnest(${codes}))
            else array(select line.code from products line where line.code = any(${codes}) and exists (
              with recursive up(id) as (
                select line.category_id
                union
                select c.parent_id from categories c join up on c.id = up.id where c.parent_id is not null
              ) select 1 from up where up.id = any(live.targets))) end as products
          from promotions live
          where live.ended_at is null
            and ((live.valid_from <= ${date} and live.valid_to >= ${date}) or (live.valid_from <= ${today} and live.valid_to >= ${today}))
            and (live.targets && ${codes} or live.targets && ${lineCategories})
            and (live.who = 'all' or (live.who = 'soldTos' and ${soldTo} = any(live.audience))
              or (live.who = 'groups' and (select customer_group from sold_tos where code = ${soldTo}) = any(live.audience)))
        ) p
        where cardinality(p.products) > 0)`,
    })
    .from(sql`(values (1)) as one(row)`)
    .prepare('price_rules_read');

function byProduct(codes: readonly string[], row: RulesRow): Map<string, LineRules> {
  const rules = new Map<string, { dated: DatedPrice[]; tiers: VolumeTier[]; promotions: PromotionOffer[] }>(codes.map((code) => [code, { dated: [], tiers: [], promotions: [] }]));
  for (const { code, ...dated } of row.dated) rules.get(code)?.dated.push(dated);
  for (const { code, ...tier } of row.tiers) rules.get(code)?.tiers.push(tier);
  for (const { products, ...offer } of row.promotions) for (const code of products) rules.get(code)?.promotions.push(offer);
  return rules;
}
