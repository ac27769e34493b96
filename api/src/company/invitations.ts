import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { shipTos, soldTos, users, userShipTos } from '../db/schema';
import { issueToken } from '../account-tokens/account-tokens';
import { openToken, sealToken, type SealedToken } from '../account-tokens/sealed-token';
import { escapeHtml, longDate, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { writeEvent } from '../outbox/write-event';
import { setStoredRoles, type CompanyRole } from '../users/roles';
import type { Cause } from '../tracing/cause';

export const INVITATION_TYPE = 'user.invitation';
const INVITATION_CHANNELS = ['mail'] as const;

/** Who asked for the invitation: a company admin, an approved registration request, or nobody named (an import). */
/** Who asked for the invitation, and the request or job that did (its mail carries that trace). */
export type InvitedBy = ({ kind: 'admin'; adminId: number } | { kind: 'registration'; requestedAt: Date } | { kind: 'import' }) & { cause?: Cause };

/** The companies and sites the user orders for, as the mail names them. */
interface CompanySites {
  company: string;
  sites: string[];
}

/**
 * What the invitation mail is written from; the token is sealed (account-tokens/sealed-token.ts). Mails queued
 * before `invitedBy` and `companies` existed have neither and read as before.
 */
export interface InvitationData {
  recipient: { name: string; email: string };
  sealedToken: SealedToken;
  expiresAt: string;
  invitedBy?: { kind: 'admin'; name: string; email: string } | { kind: 'registration'; requestedAt: string } | { kind: 'import' };
  companies?: CompanySites[];
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
export async function inviteUser(tx: Tx, user: NewUser, now: Date, key: Buffer, by: InvitedBy): Promise<number> {
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
  await sendInvitation(tx, { id: row.id, name: user.name, email }, now, key, by);
  return row.id;
}

/** The user's ship-tos by company (sold-to), as the mail names them. */
async function companySites(tx: Tx, userId: number): Promise<CompanySites[]> {
  const rows = await tx
    .select({ company: soldTos.name, site: shipTos.name })
    .from(userShipTos)
    .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
    .innerJoin(soldTos, eq(soldTos.code, shipTos.soldToCode))
    .where(eq(userShipTos.userId, userId))
    .orderBy(asc(userShipTos.position));
  const companies = new Map<string, string[]>();
  for (const row of rows) companies.set(row.company, [...(companies.get(row.company) ?? []), row.site]);
  return [...companies].map(([company, sites]) => ({ company, sites }));
}

async function inviter(tx: Tx, by: InvitedBy): Promise<InvitationData['invitedBy']> {
  if (by.kind === 'registration') return { kind: 'registration', requestedAt: by.requestedAt.toISOString() };
  if (by.kind === 'import') return { kind: 'import' };
  const [admin] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, by.adminId));
  return admin ? { kind: 'admin', name: admin.name, email: admin.email } : { kind: 'import' };
}

/** A new invitation link for the user; any earlier one stops working. The mail says who asked, for where. */
export async function sendInvitation(tx: Tx, user: { id: number; name: string; email: string }, now: Date, key: Buffer, by: InvitedBy): Promise<void> {
  const { token, expiresAt } = await issueToken(tx, 'invitation', { userId: user.id }, now, { replacePrevious: true });
  await writeEvent<InvitationData>(tx, {
    type: INVITATION_TYPE,
    key: `user:${user.id}`,
    cause: by.cause,
    channels: INVITATION_CHANNELS,
    payload: {
      recipient: { name: user.name, email: user.email },
      sealedToken: sealToken(key, token),
      expiresAt: expiresAt.toISOString(),
      invitedBy: await inviter(tx, by),
      companies: await companySites(tx, user.id),
    },
  });
}

/** "Harbour Hospitality Ltd (Quayside and Old Town)", companies joined with "and". */
function placesText(companies: CompanySites[]): string {
  const and = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`);
  return and(companies.map((entry) => `${entry.company} (${and(entry.sites)})`));
}

function leadOf(data: InvitationData): string {
  const places = data.companies && data.companies.length > 0 ? ` for ${placesText(data.companies)}` : '';
  const by = data.invitedBy;
  if (by?.kind === 'admin') return `${by.name} (${by.email}) has invited you to order from Meadowvale Foods${places}.`;
  if (by?.kind === 'registration') return `Your request of ${longDate(by.requestedAt.slice(0, 10))} for an account has been approved: you can now order from Meadowvale Foods${places}.`;
  return `You have been given an account for ordering from Meadowvale Foods${places}.`;
}

function invitationMail(data: InvitationData, shopUrl: string, key: Buffer): MailContent {
  const link = shopLink(shopUrl, `/login/reset-password/?token=${encodeURIComponent(openToken(key, data.sealedToken))}`);
  const until = longDate(data.expiresAt.slice(0, 10));
  const subject = 'You are invited to order from Meadowvale Foods';
  const lead = leadOf(data);
  const signIn = `You sign in with your e-mail address, ${data.recipient.email}. Choose your password with the link below; it works once, until ${until}.`;
  const footer = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';
  const text = [`Dear ${data.recipient.name},`, '', lead, '', signIn, '', link, '', footer].join('\n');
  const html = `<p>Dear ${escapeHtml(data.recipient.name)},</p><p>${escapeHtml(lead)}</p><p>${escapeHtml(signIn)}</p><p><a href="${escapeHtml(link)}">Choose your password</a></p><p>${footer}</p>`;
  return { to: data.recipient.email, subject, text, html };
}

/** At start-up: the invitation mail, a security mail (always sent, no unsubscribe). */
export function registerInvitationEvent(registry: EventTypeRegistry, key: Buffer): void {
  registry.registerEventType<InvitationData>({ type: INVITATION_TYPE, channels: INVITATION_CHANNELS, mail: (data, shopUrl) => invitationMail(data, shopUrl, key) });
}
