import { sql } from 'drizzle-orm';
import type { ShipToScope } from '../accounts/ship-tos';
import { selectRows } from '../catalogue/sql-rows';
import type { DbOrTx } from '../db/client';
import { addDays } from '../time/calendar-date';
import { londonInstant, londonWallClock } from '../time/london-time';

/** How far back "usual items" look (docs/decisions-left-open.md#weekly-ordering): the 90 London days before today, and today. */
export const ORDER_GUIDE_DAYS = 90;

/** What the ship-to's orders say about one product; product facts and prices are read fresh for each answer. */
export interface GuideStat {
  productCode: string;
  timesOrdered: number;
  lastOrderedAt: string;
  lastQuantity: number;
  usualQuantity: number;
}

/** The aggregate of one ship-to and range, in the guide's order, with each product's place. */
export interface GuideStats {
  list: GuideStat[];
  byCode: Map<string, GuideStat>;
}

/** The window starts at London midnight, so it moves once a day and a day's answers can share one aggregate. */
export function windowStart(now: Date): Date {
  return londonInstant(addDays(londonWallClock(now).date, -ORDER_GUIDE_DAYS), '00:00');
}

interface StatRow {
  productCode: string;
  timesOrdered: number;
  lastOrderedAt: Date | string;
  lastQuantity: number | string;
  usualQuantity: number | string;
}

/**
 * The aggregate over every order line of the ship-to and range in the window (all its users, cancelled
 * orders left out): the expensive part, proportional to the lines ordered. The median is the lower middle
 * value of an even count, so always a quantity someone ordered. Most often ordered first, then most recent.
 */
async function aggregate(db: DbOrTx, scope: ShipToScope, since: Date): Promise<GuideStat[]> {
  const rows = await selectRows<StatRow>(
    db,
    sql`select l.product_code as "productCode", count(*)::int as "timesOrdered", max(o.placed_at) as "lastOrderedAt",
        (array_agg(l.quantity order by o.placed_at desc, o.id desc))[1] as "lastQuantity",
        percentile_disc(0.5) within group (order by l.quantity) as "usualQuantity"
      from orders o join order_lines l on l.order_id = o.id
      where o.ship_to_code = ${scope.shipToCode} and o.range = ${scope.range}
        and o.placed_at >= ${since.toISOString()} and o.status <> 'cancelled'
      group by l.product_code
      order by count(*) desc, max(o.placed_at) desc, l.product_code`,
  );
  return rows.map((row) => ({
    productCode: row.productCode,
    timesOrdered: row.timesOrdered,
    lastOrderedAt: new Date(row.lastOrderedAt).toISOString(),
    lastQuantity: Number(row.lastQuantity),
    usualQuantity: Number(row.usualQuantity),
  }));
}

/** What the aggregate depends on, and the kitchen's par levels, read in one cheap statement per request. */
export interface GuideState {
  /** The window, and how many orders of the ship-to and range it holds and the latest: a new order changes it. */
  version: string;
  pars: Map<string, number>;
}

export async function guideState(db: DbOrTx, scope: ShipToScope, since: Date): Promise<GuideState> {
  const rows = await selectRows<{ orders: number; latest: Date | string | null; pars: [string, number][] | null }>(
    db,
    sql`select o.orders, o.latest,
        (select json_agg(json_build_array(product_code, par_level)) from par_levels
          where ship_to_code = ${scope.shipToCode} and range = ${scope.range}) as pars
      from (select count(*)::int as orders, max(placed_at) as latest from orders
        where ship_to_code = ${scope.shipToCode} and range = ${scope.range} and placed_at >= ${since.toISOString()}) o`,
  );
  const row = rows[0];
  return {
    version: `${since.toISOString()}|${row?.orders ?? 0}|${row?.latest ? new Date(row.latest).toISOString() : ''}`,
    pars: new Map(row?.pars ?? []),
  };
}

/**
 * The aggregates of recently asked ship-tos, each kept with the version it was computed for and reused while
 * that version holds: a kitchen's guide changes when it orders, not each time someone opens the page. Any
 * number of API processes stay correct (each checks the version on every request); only the reuse is local.
 * Known limit: an order cancelled later keeps counting until the ship-to's next order or the next day.
 */
export class GuideStatsCache {
  private readonly entries = new Map<string, { version: string; stats: GuideStats }>();

  constructor(private readonly capacity = 1000) {}

  async stats(db: DbOrTx, scope: ShipToScope, since: Date, current: string): Promise<GuideStats> {
    const key = `${scope.shipToCode}|${scope.range}`;
    const cached = this.entries.get(key);
    if (cached?.version === current) return cached.stats;
    const list = await aggregate(db, scope, since);
    const stats = { list, byCode: new Map(list.map((stat) => [stat.productCode, stat])) };
    this.entries.delete(key);
    this.entries.set(key, { version: current, stats });
    // Map keeps insertion order: the first key is the one asked for least recently.
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value ?? key);
    return stats;
  }
}
