import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jsonObject } from '../db/json-object';
import { datedPrices, products, volumeTiers } from '../db/schema';
import { contractPriceOfSql } from '../pricing/contract-price/contract-price';
import { pricingToday } from '../pricing/price-adjuster';
import { SELLABLE } from './filters';
import { priceListed, type ListedProduct } from './listing-prices';
import { liveOfferCtes, offeredCondition } from './live-offers';
import { claimedSoldTo, type ShipToClaim } from './price-scope';
import { selectRows } from './sql-rows';

/** The prices a sold-to pays for the products a price rule may change; every other product costs its contract price. */
export interface PaidPrices {
  /** The claim's sold-to as the statement found it (null: the caller does not hold the ship-to). */
  soldToCode: string | null;
  /** Product code → the case price paid today for the smallest order (docs/pricing.md "Offers in listings"). */
  paid: ReadonlyMap<string, number>;
}

const listedColumns = {
  code: products.code,
  categoryId: products.categoryId,
  minOrderQuantity: products.minOrderQuantity,
  vatRateBp: products.vatRateBp,
  listPricePence: products.listPricePence,
};

/**
 * What search sorts by when it sorts by price (docs/pricing.md "Search by the price paid"): the price a card shows.
 * One statement finds the claim's sold-to and the products of the range a rule may touch for it today (a live
 * promotion it can have, a volume break, a dated price in force), which the pipeline then prices as cards are
 * priced; the rest cost their contract price, which the search already knows.
 */
export async function paidPrices(db: DbOrTx, claim: ShipToClaim): Promise<PaidPrices> {
  const today = pricingToday();
  const soldTo = sql`(select code from claimed)`;
  const [row] = await selectRows<{ sold_to_code: string | null; rows: ListedProduct[] | null }>(
    db,
    sql`with recursive claimed as (select ${claimedSoldTo(claim.userId, claim.shipTo, claim.range)} as code), ${sql.join(liveOfferCtes(soldTo, today), sql`, `)}
    select ${soldTo} as sold_to_code,
      (select json_agg(${jsonObject({ ...listedColumns, pricePence: contractPriceOfSql(soldTo) })}) from ${products}
        where ${products.range} = ${claim.range} and ${SELLABLE} and ${soldTo} is not null
          and (${offeredCondition}
            or ${products.code} in (select ${volumeTiers.productCode} from ${volumeTiers} where ${volumeTiers.soldToCode} is null or ${volumeTiers.soldToCode} = ${soldTo})
            or ${products.code} in (select ${datedPrices.productCode} from ${datedPrices}
              where (${datedPrices.soldToCode} is null or ${datedPrices.soldToCode} = ${soldTo})
                and ${datedPrices.validFrom} <= ${today}::date and (${datedPrices.validTo} is null or ${datedPrices.validTo} >= ${today}::date)))) as rows`,
  );
  const soldToCode = row?.sold_to_code ?? null;
  const listed = row?.rows ?? [];
  if (soldToCode === null || listed.length === 0) return { soldToCode, paid: new Map() };
  const lines = await priceListed(db, { soldToCode, shipToCode: claim.shipTo, range: claim.range }, listed);
  return { soldToCode, paid: new Map(lines.map((line) => [line.code, line.unit])) };
}
