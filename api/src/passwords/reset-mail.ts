import type { DbOrTx } from '../db/client';
import { openToken, sealToken, type SealedToken } from '../account-tokens/sealed-token';
import type { IssuedToken } from '../account-tokens/account-tokens';
import { escapeHtml, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { writeEvent } from '../outbox/write-event';
import type { Cause } from '../tracing/cause';

export const PASSWORD_RESET_TYPE = 'password.reset';
export const PASSWORD_CHANGED_TYPE = 'password.changed';
const RESET_CHANNELS = ['mail'] as const;

/** Customers reset at the shop's sign-in, operators at the back office's: the link goes to their own page. */
export type ResetAudience = 'customer' | 'operator';

const RESET_PAGES: Record<ResetAudience, string> = { customer: '/login/reset-password/', operator: '/admin/login/reset-password/' };
const FORGOT_PAGES: Record<ResetAudience, string> = { customer: '/login/forgot-password/', operator: '/admin/login/forgot-password/' };

/** What the reset mail is written from; the token is sealed (account-tokens/sealed-token.ts). */
export interface ResetMailData {
  audience: ResetAudience;
  recipient: { name: string; email: string };
  sealedToken: SealedToken;
  expiresAt: string;
}

/** Queues the reset mail in the caller's transaction, with the token sealed on its way through the outbox. */
export async function writeResetMail(
  tx: DbOrTx,
  key: Buffer,
  mail: { audience: ResetAudience; ownerKey: string; recipient: { name: string; email: string }; issued: IssuedToken; cause: Cause },
): Promise<void> {
  await writeEvent<ResetMailData>(tx, {
    type: PASSWORD_RESET_TYPE,
    key: mail.ownerKey,
    channels: RESET_CHANNELS,
    cause: mail.cause,
    payload: { audience: mail.audience, recipient: mail.recipient, sealedToken: sealToken(key, mail.issued.token), expiresAt: mail.issued.expiresAt.toISOString() },
  });
}

const LONDON_TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

function resetMail(data: ResetMailData, shopUrl: string, key: Buffer): MailContent {
  const link = shopLink(shopUrl, `${RESET_PAGES[data.audience]}?token=${encodeURIComponent(openToken(key, data.sealedToken))}`);
  const until = LONDON_TIME.format(new Date(data.expiresAt));
  const subject = 'Reset your Meadowvale Foods password';
  const lead = `Someone asked to reset the password of your Meadowvale Foods account. Choose a new one with the link below; it works once, until ${until} (UK time).`;
  const ignore = 'If it was not you, ignore this e-mail: your password stays as it is.';
  const footer = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';
  const text = [`Dear ${data.recipient.name},`, '', lead, '', link, '', ignore, '', footer].join('\n');
  const html = `<p>Dear ${escapeHtml(data.recipient.name)},</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>${escapeHtml(ignore)}</p><p>${footer}</p>`;
  return { to: data.recipient.email, subject, text, html };
}

/** What the "your password was changed" mail is written from: whose, and when. */
export interface PasswordChangedData {
  audience: ResetAudience;
  recipient: { name: string; email: string };
  changedAt: string;
}

/** Queues the mail telling an account's owner their password was changed (a change or a reset, not a first password). */
export async function writePasswordChangedMail(tx: DbOrTx, mail: { audience: ResetAudience; ownerKey: string; recipient: { name: string; email: string }; at: Date; cause: Cause }): Promise<void> {
  await writeEvent<PasswordChangedData>(tx, {
    type: PASSWORD_CHANGED_TYPE,
    key: mail.ownerKey,
    channels: RESET_CHANNELS,
    cause: mail.cause,
    payload: { audience: mail.audience, recipient: mail.recipient, changedAt: mail.at.toISOString() },
  });
}

const LONDON_INSTANT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' });

function changedMail(data: PasswordChangedData, shopUrl: string): MailContent {
  const forgot = shopLink(shopUrl, FORGOT_PAGES[data.audience]);
  const subject = 'Your Meadowvale Foods password was changed';
  const lead = `The password of your Meadowvale Foods account ${data.recipient.email} was changed on ${LONDON_INSTANT.format(new Date(data.changedAt))} (UK time).`;
  const ifYou = 'If you changed it, there is nothing to do.';
  const ifNot = 'If you did not, choose a new password now with "Forgot your password?" and call us on 0800 123 4567:';
  const footer = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';
  const text = [`Dear ${data.recipient.name},`, '', lead, '', ifYou, ifNot, forgot, '', footer].join('\n');
  const html = `<p>Dear ${escapeHtml(data.recipient.name)},</p><p>${escapeHtml(lead)}</p><p>${escapeHtml(ifYou)} ${escapeHtml(ifNot)} <a href="${escapeHtml(forgot)}">Forgot your password?</a></p><p>${footer}</p>`;
  return { to: data.recipient.email, subject, text, html };
}

/**
 * At start-up: the password mails, the reset link and "your password was changed", both security mails (always
 * sent, no unsubscribe).
 */
export function registerPasswordResetEvent(registry: EventTypeRegistry, key: Buffer): void {
  registry.registerEventType<ResetMailData>({ type: PASSWORD_RESET_TYPE, channels: RESET_CHANNELS, mail: (data, shopUrl) => resetMail(data, shopUrl, key) });
  registry.registerEventType<PasswordChangedData>({ type: PASSWORD_CHANGED_TYPE, channels: RESET_CHANNELS, mail: changedMail });
}
