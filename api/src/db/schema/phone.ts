// The shop on a phone (docs/phone.md): cut-off reminders sent, and the keys of cart changes replayed from an
// offline queue.
import { date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { shipTos, users } from './customers';

/** Hours before its cut-off a ship-to's users are reminded; a ship-to without a row has CUTOFF_REMINDER_HOURS. 0 = off. */
export const cutoffReminderSettings = pgTable('cutoff_reminder_settings', {
  shipToCode: text('ship_to_code')
    .primaryKey()
    .references(() => shipTos.code),
  hours: smallint('hours').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A reminder sent: the primary key makes it once per (ship-to, range, delivery date) on any number of processes. */
export const cutoffRemindersSent = pgTable(
  'cutoff_reminders_sent',
  {
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    range: text('range').notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shipToCode, t.range, t.deliveryDate] })],
);

/**
 * Cart changes already applied, by the idempotency key the browser gave each (an offline queue replays them):
 * the same key again answers what it answered the first time and changes nothing.
 */
export const cartChangeKeys = pgTable(
  'cart_change_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** The HTTP status and body of the first answer. */
    status: smallint('status').notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
