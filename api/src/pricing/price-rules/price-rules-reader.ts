import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { textArray } from '../../db/text-array';
import type { IsoDate } from '../../time/calendar-date';
import type { DatedPrice } from './dated-price';
import type { PromotionOffer } from './promotion-price';
import type { VolumeTier } from './volume-tiers';

/** A promotion as read for lines: the offer and which of the lines' products it is on. */
export interface TargetedOffer extends PromotionOffer {
  products: string[];
}

/** Everything that varies the price of some products for a sold-to: what the rules adjuster works from. */
export interface PriceRules {
  /** Dated prices covering the date, the list's and the sold-to's own. */
  dated: Map<string, DatedPrice[]>;
  /** Volume breaks, everyone's and the sold-to's own. */
  tiers: Map<string, VolumeTier[]>;
  /** Promotions the sold-to may have, live on the date or today, with the products of the lines each is on. */
  promotions: TargetedOffer[];
}

interface RulesRow {
  dated: (DatedPrice & { code: string })[];
  tiers: (VolumeTier & { code: string })[];
  promotions: TargetedOffer[];
}

const byCode = <T extends { code: string }>(rows: readonly T[]): Map<string, Omit<T, 'code'>[]> => {
  const map = new Map<string, Omit<T, 'code'>[]>();
  for (const { code, ...rest } of rows) map.set(code, [...(map.get(code) ?? []), rest]);
  return map;
};

/**
 * The rules for `codes` in one statement (its parts read by index: dated_prices and volume_tiers by product,
 * promotions by date and by their targets' GIN index), so add to cart pays one round trip for all of them. The
 * walk up the categories runs only for a promotion that passed the date and audience, so a day without
 * promotions costs two index probes a product.
 */
export async function readPriceRules(db: DbOrTx, soldTo: string, codes: readonly string[], date: IsoDate, today: IsoDate): Promise<PriceRules> {
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
          and valid_from <= ${date}::date and (valid_to is null or valid_to >= ${date}::date)) as dated,
      (select coalesce(json_agg(json_build_object('code', product_code, 'soldTo', sold_to_code, 'minQuantity', min_quantity, 'unit', price_pence)), '[]'::json)
        from volume_tiers where product_code = any(${codeList}) and (sold_to_code is null or sold_to_code = ${soldTo})) as tiers,
      (select coalesce(json_agg(json_build_object('code', p.code, 'name', p.name, 'kind', p.kind, 'value', p.value, 'buyQuantity', p.buy_quantity,
          'freeQuantity', p.free_quantity, 'minQuantity', p.min_quantity, 'validFrom', p.valid_from, 'validTo', p.valid_to, 'products', p.products)), '[]'::json)
        from (
          select live.*, case when live.what = 'products' then array(select code from line_products where code = any(live.targets))
            else array(select distinct code from ancestors where category_id = any(live.targets)) end as products
          from promotions live
          where live.ended_at is null
            and ((live.valid_from <= ${date}::date and live.valid_to >= ${date}::date) or (live.valid_from <= ${today}::date and live.valid_to >= ${today}::date))
            and (live.who = 'all' or (live.who = 'soldTos' and ${soldTo} = any(live.audience))
              or (live.who = 'groups' and (select customer_group from sold_tos where code = ${soldTo}) = any(live.audience)))
        ) p
        where cardinality(p.products) > 0) as promotions
  `)) as unknown as { rows: RulesRow[] };
  const row = result.rows[0];
  if (!row) throw new Error('the price rules statement answered no row');
  return {
    dated: byCode(row.dated),
    tiers: byCode(row.tiers),
    promotions: row.promotions,
  };
}
