import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { textArray } from '../../db/text-array';
import type { IsoDate } from '../../time/calendar-date';
import type { DatedPrice } from './dated-price';
import type { PromotionOffer } from './promotion-price';
import type { VolumeTier } from './volume-tiers';

/** Everything that may vary one product's price for a sold-to from today on: what the rules adjuster works from. */
export interface LineRules {
  /** Dated prices not over before today, the list's and the sold-to's own. */
  dated: readonly DatedPrice[];
  /** Volume breaks, everyone's and the sold-to's own. */
  tiers: readonly VolumeTier[];
  /** Promotions on the product the sold-to may have, not ended and not over before today. */
  promotions: readonly PromotionOffer[];
}

export const NO_RULES: LineRules = Object.freeze({ dated: [], tiers: [], promotions: [] });

/** The column's form: [dated, tiers, promotions], each null where there are none. */
type LineRulesRead = [DatedPrice[] | null, VolumeTier[] | null, PromotionOffer[] | null];

/**
 * A product's rules as one JSON column of the statement that reads the product (correlated on `products`), for
 * the sold-to `soldTo` names (a column or a value) from `today` on; the adjuster picks by delivery date, so the
 * same read serves any date. Dated prices and breaks are read by product index. The promotions the sold-to may
 * have today are read once a statement, not once a line: the subquery depends on nothing of the line, so
 * PostgreSQL runs it as an init plan. The walk up the categories runs only for a category promotion.
 */
export const lineRulesSql = (soldTo: SQLWrapper, today: SQLWrapper): SQL => sql`json_build_array(
  (select json_agg(json_build_object('soldTo', d.sold_to_code, 'validFrom', d.valid_from, 'validTo', d.valid_to, 'unit', d.price_pence))
    from dated_prices d where d.product_code = ${products.code} and (d.sold_to_code is null or d.sold_to_code = ${soldTo})
      and (d.valid_to is null or d.valid_to >= ${today}::date)),
  (select json_agg(json_build_object('soldTo', t.sold_to_code, 'minQuantity', t.min_quantity, 'unit', t.price_pence))
    from volume_tiers t where t.product_code = ${products.code} and (t.sold_to_code is null or t.sold_to_code = ${soldTo})),
  (select json_agg(json_build_object('code', p.code, 'name', p.name, 'kind', p.kind, 'value', p.value, 'buyQuantity', p.buy_quantity,
      'freeQuantity', p.free_quantity, 'minQuantity', p.min_quantity, 'validFrom', p.valid_from, 'validTo', p.valid_to) order by p.id)
    from unnest((select array_agg(live) from promotions live
      where live.ended_at is null and live.valid_to >= ${today}::date
        and (live.who = 'all' or (live.who = 'soldTos' and ${soldTo} = any(live.audience))
          or (live.who = 'groups' and (select customer_group from sold_tos where code = ${soldTo}) = any(live.audience))))) p
    where (p.what = 'products' and ${products.code} = any(p.targets))
      or (p.what = 'categories' and p.targets && array(
        with recursive up(id, parent) as (
          select c.id, c.parent_id from categories c where c.id = ${products.categoryId}
          union all
          select c.id, c.parent_id from categories c join up on c.id = up.parent
        )
        select id from up)))
)`;

/** The column as rules; its form is the one lineRulesSql builds. */
export function toLineRules(read: unknown): LineRules {
  if (!Array.isArray(read)) return NO_RULES;
  const [dated, tiers, promotions] = read as LineRulesRead;
  return dated || tiers || promotions ? { dated: dated ?? [], tiers: tiers ?? [], promotions: promotions ?? [] } : NO_RULES;
}

/** The rules of `codes` for a sold-to from today on, in one statement, for lines read without them. */
export async function readPriceRules(db: DbOrTx, soldTo: string, codes: readonly string[], today: IsoDate): Promise<Map<string, LineRules>> {
  if (codes.length === 0) return new Map();
  const result = (await db.execute(sql`
    select ${products.code} as code, ${lineRulesSql(sql`${soldTo}::text`, sql`${today}`)} as rules
    from ${products} where ${products.code} = any(${textArray(codes)})`)) as unknown as { rows: { code: string; rules: unknown }[] };
  return new Map(result.rows.map((row) => [row.code, toLineRules(row.rules)]));
}
