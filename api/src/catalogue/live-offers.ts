import { sql, type SQL } from 'drizzle-orm';
import type { IsoDate } from '../time/calendar-date';
import { P } from './sql-names';

/**
 * The promotions a sold-to can have today and the categories they reach (each named and every one below it), as
 * two common table expressions, `live` and `reached`, for a statement that starts `with recursive`. `soldTo` is an
 * expression giving the sold-to's code; null (no sold-to) leaves the promotions for everyone. The one SQL definition
 * of "an offer this customer can have now" (docs/pricing.md "The Offers page"), used by the Offers page and by
 * search's `specialoffers` collection; the price rules copy answers the same from memory (offerTargets).
 */
export function liveOfferCtes(soldTo: SQL, today: IsoDate): SQL[] {
  return [
    sql`live as (
      select what, targets from promotions
      where ended_at is null and valid_from <= ${today}::date and valid_to >= ${today}::date
        and (who = 'all' or (who = 'soldTos' and ${soldTo} = any(audience))
          or (who = 'groups' and (select customer_group from sold_tos where sold_tos.code = ${soldTo}) = any(audience)))
    )`,
    sql`reached(id) as (
      select unnest(targets) from live where what = 'categories'
      union
      select c.id from categories c join reached on c.parent_id = reached.id
    )`,
  ];
}

/** A product one of the `live` promotions is on, by its code or its category (see liveOfferCtes). */
export const offeredCondition: SQL = sql`(${P.code} in (select unnest(targets) from live where what = 'products') or ${P.categoryId} in (select id from reached))`;
