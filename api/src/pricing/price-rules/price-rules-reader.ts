import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { textArray } from '../../db/text-array';
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
 * The rules of `codes` for a sold-to, whatever their dates (the adjuster picks by date), in one statement: its
 * parts read by index (dated_prices and volume_tiers by product, promotions by their targets' GIN index, for the
 * lines' products or any category above them). What pricing reads where the process has no copy of the rules
 * (price-rules-copy.ts), and inside a transaction, which prices from what it sees.
 */
export async function readPriceRules(db: DbOrTx, soldTo: string, codes: readonly string[]): Promise<Map<string, LineRules>> {
  if (codes.length === 0) return new Map();
  const codeList = textArray(codes);
  const result = (await db.execute(sql`
    with recursive line_products as (select code, category_id from products where code = any(${codeList})),
    ancestors(code, category_id) as (
      select code, category_id from line_products
      union all
      select a.code, c.parent_id from ancestors a join categories c on c.id = a.category_id where c.parent_id is not null
    )
    select
      (select coalesce(json_agg(json_build_object('code', product_code, 'soldTo', sold_to_code, 'validFrom', valid_from, 'validTo', valid_to, 'unit', price_pence)), '[]'::json)
        from dated_prices where product_code = any(${codeList}) and (sold_to_code is null or sold_to_code = ${soldTo})
) as dated,
      (select coalesce(json_agg(json_build_object('code', product_code, 'soldTo', sold_to_code, 'minQuantity', min_quantity, 'unit', price_pence)), '[]'::json)
        from volume_tiers where product_code = any(${codeList}) and (sold_to_code is null or sold_to_code = ${soldTo})) as tiers,
      (select coalesce(json_agg(json_build_object('code', p.code, 'name', p.name, 'kind', p.kind, 'value', p.value, 'buyQuantity', p.buy_quantity,
          'freeQuantity', p.free_quantity, 'minQuantity', p.min_quantity, 'validFrom', p.valid_from, 'validTo', p.valid_to, 'products', p.products)), '[]'::json)
        from (
          select live.*, case when live.what = 'products' then array(select code from line_products where code = any(live.targets))
            else array(select distinct code from ancestors where category_id = any(live.targets)) end as products
          from promotions live
          where live.ended_at is null
            and (live.targets && ${codeList} or live.targets && array(select category_id from ancestors))
            and (live.who = 'all' or (live.who = 'soldTos' and ${soldTo} = any(live.audience))
              or (live.who = 'groups' and (select customer_group from sold_tos where code = ${soldTo}) = any(live.audience)))
        ) p
        where cardinality(p.products) > 0) as promotions
  `)) as unknown as { rows: RulesRow[] };
  const row = result.rows[0];
  if (!row) throw new Error('the price rules statement answered no row');
  return byProduct(codes, row);
}

function byProduct(codes: readonly string[], row: RulesRow): Map<string, LineRules> {
  const rules = new Map<string, { dated: DatedPrice[]; tiers: VolumeTier[]; promotions: PromotionOffer[] }>(codes.map((code) => [code, { dated: [], tiers: [], promotions: [] }]));
  for (const { code, ...dated } of row.dated) rules.get(code)?.dated.push(dated);
  for (const { code, ...tier } of row.tiers) rules.get(code)?.tiers.push(tier);
  for (const { products, ...offer } of row.promotions) for (const code of products) rules.get(code)?.promotions.push(offer);
  return rules;
}
