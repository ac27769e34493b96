import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailMessages } from '../db/schema';
import type { MailContent } from './mail-format';

/** A mail to send, with the id of the event it was written for (the same on every attempt) and its extra headers. */
export interface OutgoingMail extends MailContent {
  eventId: string;
  /** E.g. List-Unsubscribe and List-Unsubscribe-Post (mail/unsubscribe-link.ts); empty on security mails. */
  headers: Record<string, string>;
}

/** Hands one mail over; throws when it was not taken. */
export type SendMail = (mail: OutgoingMail) => Promise<void>;

/**
 * Sends through the SMTP server of SMTP_URL. The event id becomes the Message-ID, so a mail sent again
 * after a crash is recognisably the same mail. Time-outs keep a hanging server from holding a message.
 */
export function smtpTransport(smtpUrl: string, from: string, timeoutMs: number): SendMail {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return async (mail) => {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${mail.eventId}@meadowvale.mail>`,
      headers: mail.headers,
    });
  };
}

/** Demo mode: the mail is kept in the database for the back office's mail page; once per event. */
export function mailboxTransport(db: Db, from: string): SendMail {
  return async (mail) => {
    await db
      .insert(mailMessages)
      .values({ eventId: mail.eventId, fromAddress: from, toAddress: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers })
      .onConflictDoNothing({ target: mailMessages.eventId });
  };
}
