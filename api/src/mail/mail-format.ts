import type { MailKind } from './mail-kinds';

/** One e-mail as a template writes it; the transport adds the sender and the message id. */
export interface MailContent {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * For a mail a user may turn off: whose preference decides and which kind it is. The mail channel skips it
   * when that user turned the kind off, and adds the one-click unsubscribe headers (RFC 8058) otherwise.
   * Absent on security mails, which are always sent.
   */
  preference?: { userId: number; kind: MailKind };
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD) as "Tuesday 25 November 2026", whatever the server's time zone. */
export function longDate(date: string): string {
  const parts = LONG_DATE.formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** The shop's address with a path, for links in e-mails. */
export const shopLink = (shopUrl: string, path: string) => `${shopUrl.replace(/\/+$/, '')}${path}`;
