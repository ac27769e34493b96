import type { DbOrTx } from '../db/client';
import { escapeHtml, shopLink, type MailContent } from './mail-format';
import { isMailKind, mailKindLabel, type MailKind } from './mail-kinds';

/**
 * Issues the single-use token of one mail's unsubscribe link, or null when the user turned that kind off
 * (mail-preferences.ts). Handed in by the module that honours the link (notifications/), so the mail platform
 * stores no tokens of its own.
 */
export type IssueUnsubscribeToken = (db: DbOrTx, userId: number, kind: MailKind, now: Date) => Promise<string | null>;

/** A mail as it goes out: its content and the extra headers it carries. */
export interface PreparedMail {
  content: MailContent;
  headers: Record<string, string>;
}

/**
 * What the mail channel does with a written mail (docs/people.md#notifications). A security mail (no
 * `preference`) goes as written. A mail of a kind its user turned off is not sent (null). Any other mail gets
 * a single-use unsubscribe token of its own and carries it as RFC 8058 one-click headers and in a footer. The
 * link is the storefront's `/unsubscribe/<token>/` on SHOP_URL's origin: a GET there only shows a button, a
 * POST of `List-Unsubscribe=One-Click` turns that kind off.
 */
export async function prepareMail(db: DbOrTx, content: MailContent, shopUrl: string, now: Date, issueUnsubscribeToken: IssueUnsubscribeToken): Promise<PreparedMail | null> {
  const { preference } = content;
  if (!preference) return { content, headers: {} };
  // A kind no module registered is in no one's preferences, so it is never wanted.
  if (!isMailKind(preference.kind)) return null;
  const token = await issueUnsubscribeToken(db, preference.userId, preference.kind, now);
  if (token === null) return null;
  const origin = new URL(shopUrl).origin;
  const unsubscribe = `${origin}/unsubscribe/${token}/`;
  const manage = shopLink(shopUrl, '/account/notifications/');
  const stop = `Stop ${mailKindLabel(preference.kind)} e-mails`;
  const footerText = `\n\n${stop}: ${unsubscribe}\nChoose which e-mails you get: ${manage}`;
  const footerHtml = `<p style="color:#555;font-size:12px"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(stop)}</a> · <a href="${escapeHtml(manage)}">Choose which e-mails you get</a></p>`;
  const bodyEnd = content.html.lastIndexOf('</body>');
  const html = bodyEnd === -1 ? content.html + footerHtml : `${content.html.slice(0, bodyEnd)}${footerHtml}\n${content.html.slice(bodyEnd)}`;
  return {
    content: { ...content, text: content.text + footerText, html },
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
