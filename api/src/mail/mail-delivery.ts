import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailMessages } from '../db/schema';
import type { Deliver } from '../outbox/dispatcher';
import type { OutboxPayload } from '../outbox/outbox-queue';
import { reminderMail } from '../standing-orders/reminder-mail';
import { orderMail, type MailContent } from './order-mail';

export interface MailSettings {
  from: string;
  shopUrl: string;
}

/** The e-mail of an outbox message: an order's, or a standing order's reminder. */
function mailFor(payload: OutboxPayload, shopUrl: string): MailContent {
  return payload.type === 'standing_order.reminder' ? reminderMail(payload, shopUrl) : orderMail(payload, shopUrl);
}

/**
 * Sends through the SMTP server of SMTP_URL. The outbox event id becomes the Message-ID, so a mail sent
 * again after a crash is recognisably the same mail. Time-outs keep a hanging server from holding a message.
 */
export function smtpDelivery(smtpUrl: string, settings: MailSettings, timeoutMs: number): Deliver {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return async (message) => {
    const mail = mailFor(message.payload, settings.shopUrl);
    await transport.sendMail({
      from: settings.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${message.eventId}@meadowvale.mail>`,
    });
  };
}

/** Demo mode: the mail is kept in the database for the back office's mail page; once per event. */
export function mailboxDelivery(db: Db, settings: MailSettings): Deliver {
  return async (message) => {
    const mail = mailFor(message.payload, settings.shopUrl);
    await db
      .insert(mailMessages)
      .values({ eventId: message.eventId, fromAddress: settings.from, toAddress: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      .onConflictDoNothing({ target: mailMessages.eventId });
  };
}
