import { openToken, type SealedToken } from '../account-tokens/sealed-token';
import { escapeHtml, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';

/** The mails of a registration request (docs/people.md "Registration requests"); they go by mail only. */
export const REGISTRATION_MAIL_CHANNELS = ['mail'] as const;
export const CONFIRM_TYPE = 'registration.confirm';
export const EXISTING_ACCOUNT_TYPE = 'registration.existingAccount';
export const AWAITING_DECISION_TYPE = 'registration.awaitingDecision';
export const DECLINED_TYPE = 'registration.declined';

interface Recipient {
  name: string;
  email: string;
}

/** Confirm your address: the token is sealed (account-tokens/sealed-token.ts). */
export interface ConfirmData {
  recipient: Recipient;
  sealedToken: SealedToken;
}

/**
 * A mail to the address alone: it already signs in (the owner is told, the requester learns nothing), or its
 * confirmed request awaits a decision.
 */
export interface RecipientData {
  recipient: Recipient;
}

export interface DeclinedData {
  recipient: Recipient;
  reason: string;
}

const SIGNATURE = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';

function mail(recipient: Recipient, subject: string, paragraphs: string[], link?: { href: string; label: string }): MailContent {
  const text = [`Dear ${recipient.name},`, '', ...paragraphs.flatMap((p) => [p, '']), ...(link ? [link.href, ''] : []), SIGNATURE].join('\n');
  const html = [
    `<p>Dear ${escapeHtml(recipient.name)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p>${SIGNATURE}</p>`,
  ].join('');
  return { to: recipient.email, subject, text, html };
}

function confirmMail(data: ConfirmData, shopUrl: string, key: Buffer): MailContent {
  const href = shopLink(shopUrl, `/login/request-account/confirm/?token=${encodeURIComponent(openToken(key, data.sealedToken))}`);
  return mail(
    data.recipient,
    'Confirm your e-mail address',
    [
      'You asked for an account to order from Meadowvale Foods. Confirm your e-mail address with the link below; it works once, for 24 hours.',
      'If you did not ask for an account, ignore this e-mail.',
    ],
    { href, label: 'Confirm my address' },
  );
}

function existingAccountMail(data: RecipientData, shopUrl: string): MailContent {
  return mail(
    data.recipient,
    'You already have an account',
    [
      'Someone asked for a Meadowvale Foods account for this e-mail address, which already has one. Sign in as usual; if you have forgotten your password, choose "Forgot your password?" on the sign-in page.',
      'If you did not ask, ignore this e-mail.',
    ],
    { href: shopLink(shopUrl, '/login/'), label: 'Sign in' },
  );
}

function awaitingDecisionMail(data: RecipientData): MailContent {
  return mail(data.recipient, 'We already have your account request', [
    'You asked again for an account to order from Meadowvale Foods. We already have your request, with your address confirmed, and will e-mail you when we have decided. There is nothing more to do.',
  ]);
}

function declinedMail(data: DeclinedData): MailContent {
  return mail(data.recipient, 'Your account request', [
    'Thank you for asking for an account to order from Meadowvale Foods. We cannot open one for you:',
    data.reason,
    'Call us if you would like to talk about it.',
  ]);
}

/** At start-up. All four are answers to the requester's own action, with no user to unsubscribe: no preference. */
export function registerRegistrationEvents(registry: EventTypeRegistry, key: Buffer): void {
  registry.registerEventType<ConfirmData>({ type: CONFIRM_TYPE, channels: REGISTRATION_MAIL_CHANNELS, mail: (data, shopUrl) => confirmMail(data, shopUrl, key) });
  registry.registerEventType<RecipientData>({ type: EXISTING_ACCOUNT_TYPE, channels: REGISTRATION_MAIL_CHANNELS, mail: existingAccountMail });
  registry.registerEventType<RecipientData>({ type: AWAITING_DECISION_TYPE, channels: REGISTRATION_MAIL_CHANNELS, mail: awaitingDecisionMail });
  registry.registerEventType<DeclinedData>({ type: DECLINED_TYPE, channels: REGISTRATION_MAIL_CHANNELS, mail: declinedMail });
}
