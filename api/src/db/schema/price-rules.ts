// Prices that vary (docs/pricing.md): prices in force for a range of delivery dates, volume breaks and promotions.
// The undated prices stay where they were (products.list_price_pence, prices); these rows only add to them.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { soldTos } from './customers';

/**
 * A price in force for delivery dates from `validFrom` to `validTo` (inclusive; null: open-ended): the list price
 * where `soldToCode` is null, else that sold-to's own. Rows of one product and sold-to never overlap (the
 * writers refuse it, naming the lines); outside them the undated price applies.
 */
export const datedPrices = pgTable(
  'dated_prices',
  {
    id: serial('id').primaryKey(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    soldToCode: text('sold_to_code').references(() => soldTos.code),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    pricePence: integer('price_pence').notNull(),
  },
  (t) => [
    index('dated_prices_product_idx').on(t.productCode, t.validFrom),
    check('dated_prices_price_not_negative', sql`${t.pricePence} >= 0`),
    check('dated_prices_dates_in_order', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);

/**
 * A price break: from `minQuantity` cases of the product a case costs `pricePence`. Rows with a sold-to are that
 * sold-to's own breaks and replace the general ones (sold-to null) for it.
 */
export const volumeTiers = pgTable(
  'volume_tiers',
  {
    id: serial('id').primaryKey(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    soldToCode: text('sold_to_code').references(() => soldTos.code),
    minQuantity: integer('min_quantity').notNull(),
    pricePence: integer('price_pence').notNull(),
  },
  (t) => [
    uniqueIndex('volume_tiers_break_idx').on(t.productCode, sql`coalesce(${t.soldToCode}, '')`, t.minQuantity),
    check('volume_tiers_break_above_one', sql`${t.minQuantity} >= 2`),
    check('volume_tiers_price_not_negative', sql`${t.pricePence} >= 0`),
  ],
);

/**
 * An offer kept in the back office: who may have it (everyone, named sold-tos or customer groups), on what
 * (products or categories), for which delivery dates, and how much. `value` is per kind: percentOff in basis
 * points (1000 = 10 %), amountOff and fixedPrice in pence a case, buyXGetY unused (buyQuantity, freeQuantity).
 * Ending early sets `endedAt`; a promotion is never deleted, so an order's adjustment always names one.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['percentOff', 'amountOff', 'fixedPrice', 'buyXGetY'] }).notNull(),
    value: integer('value').notNull().default(0),
    buyQuantity: integer('buy_quantity'),
    freeQuantity: integer('free_quantity'),
    minQuantity: integer('min_quantity').notNull().default(1),
    who: text('who', { enum: ['all', 'soldTos', 'groups'] }).notNull(),
    /** Sold-to codes or customer group names, by `who`; empty for everyone. */
    audience: text('audience').array().notNull().default(sql`'{}'::text[]`),
    what: text('what', { enum: ['products', 'categories'] }).notNull(),
    /** Product codes or category ids, by `what`. */
    targets: text('targets').array().notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotions_targets_idx').using('gin', t.targets),
    index('promotions_dates_idx').on(t.validTo, t.validFrom),
    check('promotions_dates_in_order', sql`${t.validTo} >= ${t.validFrom}`),
    check('promotions_min_quantity', sql`${t.minQuantity} >= 1`),
    check(
      'promotions_value_fits_kind',
      sql`(${t.kind} = 'percentOff' and ${t.value} between 1 and 10000) or (${t.kind} in ('amountOff', 'fixedPrice') and ${t.value} >= 0)
        or (${t.kind} = 'buyXGetY' and ${t.buyQuantity} >= 1 and ${t.freeQuantity} >= 1)`,
    ),
  ],
);

/**
 * One row counting the changes to the price rules, the customer groups and the category tree, bumped by triggers
 * (migration 0029) before any statement that writes them, in the writing transaction itself. A process's copy of the
 * rules remembers the count it was read at, so a transaction that reads the same count may price from the copy:
 * it sees the very rules the copy holds (pricing/price-rules/price-rules-copy.ts).
 */
export const priceRulesVersion = pgTable(
  'price_rules_version',
  {
    one: boolean('one').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('price_rules_version_one_row', sql`${t.one}`)],
);
