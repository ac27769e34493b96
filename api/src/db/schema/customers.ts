// Who buys: sold-tos (the paying customer), their ship-tos (kitchens) with the ranges each may order, and
// the customers' users with the ship-tos each may order for.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const soldTos = pgTable('sold_tos', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** A name promotions may be offered to ('cafes', 'schools'); null: in no group. */
  customerGroup: text('customer_group'),
});

export const shipTos = pgTable('ship_tos', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  soldToCode: text('sold_to_code')
    .notNull()
    .references(() => soldTos.code),
  addressLine1: text('address_line1').notNull(),
  town: text('town').notNull(),
  postcode: text('postcode').notNull(),
  /** The site's phone number as the customers import gives it, for the call list (docs/calls.md); null: none known. */
  phone: text('phone'),
  /** Local (Europe/London) time of day, 'HH:MM', by which an order must be placed on the working day before delivery. */
  cutoffTime: text('cutoff_time').notNull().default('14:00'),
  purchaseOrderRequired: boolean('purchase_order_required').notNull().default(false),
  /** The site's default for "Allow a substitute" on new cart lines, set by its company admins (docs/substitutions.md). */
  allowSubstitutes: boolean('allow_substitutes').notNull().default(false),
});

/** A range (sales org) a ship-to may order, with the ISO weekdays (1 = Monday … 7 = Sunday) it is delivered on. */
export const shipToRanges = pgTable(
  'ship_to_ranges',
  {
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    range: text('range').notNull(),
    deliveryWeekdays: smallint('delivery_weekdays').array().notNull(),
    position: integer('position').notNull().default(0),
    /** The least net value of goods an order for this ship-to and range should reach (docs/minimum-order.md); null: none. */
    minimumOrderPence: integer('minimum_order_pence'),
    /** What an order below the minimum gets: 'charge' (the delivery charge below) or 'refuse'; null with no minimum. */
    belowMinimum: text('below_minimum', { enum: ['charge', 'refuse'] }),
    /** The net delivery charge of an order below the minimum, in 'charge' mode only. */
    deliveryChargePence: integer('delivery_charge_pence'),
  },
  (t) => [
    primaryKey({ columns: [t.shipToCode, t.range] }),
    // A minimum comes with its mode, and a charge exactly with the 'charge' mode: the shop never reads half a rule.
    check(
      'ship_to_ranges_minimum_order_check',
      sql`(${t.minimumOrderPence} is null and ${t.belowMinimum} is null and ${t.deliveryChargePence} is null)
        or (${t.minimumOrderPence} > 0 and ${t.belowMinimum} = 'refuse' and ${t.deliveryChargePence} is null)
        or (${t.minimumOrderPence} > 0 and ${t.belowMinimum} = 'charge' and ${t.deliveryChargePence} > 0)`,
    ),
  ],
);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Lower-cased e-mail address; the sign-in name. */
  username: text('username').notNull().unique(),
  customerId: text('customer_id').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  /** Argon2id; '!' while none is set (an invited user who has not accepted yet): no password matches it. */
  passwordHash: text('password_hash').notNull(),
  /** 'active' | 'disabled'. Sign-in locks are time-bound and live in signInAttempts, keyed by the name typed. */
  status: text('status').notNull().default('active'),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /** The sign-in before the last: null during the user's first session, so the shop greets them as new. */
  previousSignInAt: timestamp('previous_sign_in_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const userShipTos = pgTable(
  'user_ship_tos',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shipToCode] })],
);
