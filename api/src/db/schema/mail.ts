// The demo mailbox.
import { index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Demo mode's mailbox: without SMTP_URL, mails are kept here and shown in the back office at /admin/mail/. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial('id').primaryKey(),
    /** The outbox event the mail was made for: storing it twice is impossible. */
    eventId: text('event_id').notNull().unique(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers the mail was sent with, e.g. List-Unsubscribe (RFC 8058), as {name: value}. */
    headers: jsonb('headers').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt)],
);
