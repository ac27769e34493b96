import { issueToken } from '../account-tokens/account-tokens';
import type { DbOrTx } from '../db/client';
import { escapeHtml, shopLink, type MailContent } from './mail-format';
import type { MailKind } from './mail-kinds';
import { mailPreferences } from './mail-preferences';

/** How the footer names each kind: "Stop order confirmation e-mails". */
const KIND_NAMES: Record<MailKind, string> = {
  orderConfirmation: 'order confirmation',
  statusChanges: 'order status',
  standingOrderReminders: 'standing order reminder',
  cutoffReminders: 'cut-off reminder',
  approvalRequests: 'approval request',
};

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
export async function prepareMail(db: DbOrTx, content: MailContent, shopUrl: string, now: Date): Promise<PreparedMail | null> {
  const { preference } = content;
  if (!preference) return { content, headers: {} };
  const preferences = await mailPreferences(db, preference.userId);
  if (!preferences[preference.kind]) return null;
  const { token } = await issueToken(db, 'unsubscribe', { userId: preference.userId }, now, { mailKind: preference.kind });
  const origin = new URL(shopUrl).origin;
  const unsubscribe = `${origin}/unsubscribe/${token}/`;
  const manage = shopLink(shopUrl, '/account/notifications/');
  const stop = `Stop ${KIND_NAMES[preference.kind]} e-mails`;
  const footerText = `\n\n${stop}: ${unsubscribe}\nChoose which e-mails you get: ${manage}`;
  const footerHtml = `<p style="color:#555;font-size:12px"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(stop)}</a> · <a href="${escapeHtml(manage)}">Choose which e-mails you get</a></p>`;
  const bodyEnd = content.html.lastIndexOf('</body>');
  const html = bodyEnd === -1 ? content.html + footerHtml : `${content.html.slice(0, bodyEnd)}${footerHtml}\n${content.html.slice(bodyEnd)}`;
  return {
    content: { ...content, text: content.text + footerText, html },
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
