import { openToken, type SealedToken } from '../../account-tokens/sealed-token';
import { escapeHtml, longDate, shopLink, type MailContent } from '../../mail/mail-format';
import type { EventTypeRegistry } from '../../outbox/event-types';

export const OPERATOR_INVITATION_TYPE = 'operator.invitation';
export const OPERATOR_INVITATION_CHANNELS = ['mail'] as const;

/** What the operator invitation mail is written from; the token is sealed (account-tokens/sealed-token.ts). */
export interface OperatorInvitationData {
  recipient: { name: string; email: string };
  invitedBy: string;
  sealedToken: SealedToken;
  expiresAt: string;
}

function operatorInvitationMail(data: OperatorInvitationData, shopUrl: string, key: Buffer): MailContent {
  const link = shopLink(shopUrl, `/admin/login/reset-password/?token=${encodeURIComponent(openToken(key, data.sealedToken))}`);
  const until = longDate(data.expiresAt.slice(0, 10));
  const subject = 'You are invited to the Meadowvale Foods back office';
  const lead = `${data.invitedBy} has given you an account for the Meadowvale Foods back office. Choose your password with the link below; it works once, until ${until}.`;
  const text = [`Dear ${data.recipient.name},`, '', lead, '', link, '', 'Meadowvale Foods'].join('\n');
  const html = `<p>Dear ${escapeHtml(data.recipient.name)},</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">Choose your password</a></p><p>Meadowvale Foods</p>`;
  return { to: data.recipient.email, subject, text, html };
}

/** At start-up: the operator invitation, a security mail (always sent, no unsubscribe). */
export function registerOperatorInvitationEvent(registry: EventTypeRegistry, key: Buffer): void {
  registry.registerEventType<OperatorInvitationData>({
    type: OPERATOR_INVITATION_TYPE,
    channels: OPERATOR_INVITATION_CHANNELS,
    mail: (data, shopUrl) => operatorInvitationMail(data, shopUrl, key),
  });
}
