import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users, userShipTos } from '../db/schema';
import { issueToken } from '../account-tokens/account-tokens';
import { openToken, sealToken, type SealedToken } from '../account-tokens/sealed-token';
import { escapeHtml, longDate, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { writeEvent } from '../outbox/write-event';
import { setStoredRoles, type CompanyRole } from './roles';

export const INVITATION_TYPE = 'user.invitation';
const INVITATION_CHANNELS = ['mail'] as const;

/** What the invitation mail is written from; the token is sealed (account-tokens/sealed-token.ts). */
export interface InvitationData {
  recipient: { name: string; email: string };
  sealedToken: SealedToken;
  expiresAt: string;
}

/** What makes an invited user: no password until they accept the invitation (docs/people.md). */
export interface NewUser {
  email: string;
  name: string;
  shipTos: string[];
  roles: { soldTo: string; role: CompanyRole }[];
}

/**
 * Creates an active user without a password, with their ship-tos and roles, and sends the invitation, all in
 * the caller's transaction. The caller has checked the address is free and the ship-tos and roles are theirs
 * to give. Answers the new user's id.
 */
export async function inviteUser(tx: Tx, user: NewUser, now: Date, key: Buffer): Promise<number> {
  const email = user.email.toLowerCase();
  const [row] = await tx
    .insert(users)
    .values({ username: email, email, name: user.name, customerId: `pending-${email}`, passwordHash: '!', status: 'active' })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  // The ERP's customer id is the import's; a user made here gets one from their own id, unique by construction.
  await tx.update(users).set({ customerId: `U${String(row.id).padStart(7, '0')}` }).where(eq(users.id, row.id));
  if (user.shipTos.length > 0) {
    await tx.insert(userShipTos).values(user.shipTos.map((shipToCode, position) => ({ userId: row.id, shipToCode, position })));
  }
  await setStoredRoles(tx, row.id, user.roles, [...new Set(user.roles.map((entry) => entry.soldTo))]);
  await sendInvitation(tx, { id: row.id, name: user.name, email }, now, key);
  return row.id;
}

/** A new invitation link for the user; any earlier one stops working. */
export async function sendInvitation(tx: Tx, user: { id: number; name: string; email: string }, now: Date, key: Buffer): Promise<void> {
  const { token, expiresAt } = await issueToken(tx, 'invitation', { userId: user.id }, now, { replacePrevious: true });
  await writeEvent<InvitationData>(tx, {
    type: INVITATION_TYPE,
    key: `user:${user.id}`,
    channels: INVITATION_CHANNELS,
    payload: { recipient: { name: user.name, email: user.email }, sealedToken: sealToken(key, token), expiresAt: expiresAt.toISOString() },
  });
}

function invitationMail(data: InvitationData, shopUrl: string, key: Buffer): MailContent {
  const link = shopLink(shopUrl, `/login/reset-password/?token=${encodeURIComponent(openToken(key, data.sealedToken))}`);
  const until = longDate(data.expiresAt.slice(0, 10));
  const subject = 'You are invited to order from Meadowvale Foods';
  const lead = `You have been given an account for ordering from Meadowvale Foods. Choose your password with the link below; it works once, until ${until}.`;
  const text = [`Dear ${data.recipient.name},`, '', lead, '', link, '', 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example'].join('\n');
  const html = `<p>Dear ${escapeHtml(data.recipient.name)},</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">Choose your password</a></p><p>Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example</p>`;
  return { to: data.recipient.email, subject, text, html };
}

/** At start-up: the invitation mail, a security mail (always sent, no unsubscribe). */
export function registerInvitationEvent(registry: EventTypeRegistry, key: Buffer): void {
  registry.registerEventType<InvitationData>({ type: INVITATION_TYPE, channels: INVITATION_CHANNELS, mail: (data, shopUrl) => invitationMail(data, shopUrl, key) });
}
