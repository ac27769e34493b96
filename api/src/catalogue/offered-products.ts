import { sql } from 'drizzle-orm';
import type { Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { jsonObject } from '../db/json-object';
import { products } from '../db/schema';
import { ok, type Result } from '../errors/result';
import { contractPriceOfSql } from '../pricing/contract-price/contract-price';
import { pricingToday } from '../pricing/price-adjuster';
import type { RangeCategories } from './categories';
import { SELLABLE } from './filters';
import { liveOfferCtes, offeredCondition } from './live-offers';
import { withListingPrices } from './listing-prices';
import { withStockNotices } from './listing-stock';
import { checkClaim, claimedSoldTo, type ShipToClaim } from './price-scope';
import type { CatalogueProblem } from './problems';
import { productColumns, productView, type ProductRow, type ProductView } from './product-view';
import { selectRows } from './sql-rows';

/** The most an Offers page lists: a wholesaler's live promotions reach tens of products, not thousands. */
const MOST = 200;

export interface OffersAnswer {
  products: ProductView[];
}

/**
 * The products of a range with a promotion the ship-to's sold-to can have today (docs/pricing.md "The Offers
 * page"), in name order, each priced as cards are (listing-prices.ts): the Offers page and the home page's
 * "Special offers". One statement finds the sold-to (checked as every catalogue answer checks it), the
 * promotions live today for it, the categories they reach (each with those below it) and the products.
 */
export async function offeredProducts(db: DbOrTx, claim: ShipToClaim, categories: RangeCategories, now: Date): Promise<Result<OffersAnswer, CatalogueProblem>> {
  const range: Range = claim.range;
  const soldTo = claimedSoldTo(claim.userId, claim.shipTo, range);
  const today = pricingToday();
  const [row] = await selectRows<{ sold_to_code: string | null; rows: ProductRow[] | null }>(
    db,
    sql`with recursive claimed as (select ${soldTo} as code), ${sql.join(liveOfferCtes(sql`(select code from claimed)`, today), sql`, `)}
    select (select code from claimed) as sold_to_code,
      (select json_agg(page.listed order by page.name) from (
        select ${jsonObject({ ...productColumns, pricePence: contractPriceOfSql(sql`(select code from claimed)`), listPricePence: products.listPricePence })} as listed, ${products.name} as name
        from ${products}
        where ${products.range} = ${range} and ${SELLABLE} and (select code from claimed) is not null
          and ${offeredCondition}
        order by ${products.name} limit ${MOST}
      ) as page(listed, name)) as rows`,
  );
  const checked = checkClaim(claim, row?.sold_to_code ?? null);
  if (!checked.ok) return checked;
  const rows = (row?.rows ?? []).map((one) => ({ ...one, pricePence: one.pricePence === null ? null : Number(one.pricePence) }));
  const priced = await withStockNotices(db, claim, await withListingPrices(db, { soldToCode: checked.value, shipToCode: claim.shipTo, range }, rows), now);
  return ok({ products: priced.map((one) => productView(one, (id) => categories.name(id) ?? id)) });
}
