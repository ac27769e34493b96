import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accountTokens } from '../db/schema';
import { generateToken, hashToken } from '../auth/token-crypto';

/** What a token sent by e-mail lets its holder do, and how long it lives (docs/people.md). */
export const TOKEN_LIFETIMES_MS = {
  reset: 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
  operatorReset: 60 * 60 * 1000,
  operatorInvitation: 7 * 24 * 60 * 60 * 1000,
  registrationConfirm: 24 * 60 * 60 * 1000,
  unsubscribe: 365 * 24 * 60 * 60 * 1000,
} as const;
export type TokenPurpose = keyof typeof TOKEN_LIFETIMES_MS;

/** Whom a token is for: exactly one of a user, an operator or a registration request. */
export type TokenOwner = { userId: number } | { operatorId: number } | { registrationId: number };

export interface IssuedToken {
  /** 32 random bytes, base64url: goes into the e-mail's link and nowhere else (never stored, never logged). */
  token: string;
  expiresAt: Date;
}

export interface ValidToken {
  id: number;
  purpose: TokenPurpose;
  userId: number | null;
  operatorId: number | null;
  registrationId: number | null;
  mailKind: string | null;
  expiresAt: Date;
}

const ownerColumns = (owner: TokenOwner) => ({
  userId: 'userId' in owner ? owner.userId : null,
  operatorId: 'operatorId' in owner ? owner.operatorId : null,
  registrationId: 'registrationId' in owner ? owner.registrationId : null,
});

/**
 * Makes a token for `owner` and stores only its SHA-256 hash. With `replacePrevious`, the owner's unused
 * tokens of the same purpose stop working (a resent invitation or a second reset mail voids the first link).
 */
export async function issueToken(
  tx: DbOrTx,
  purpose: TokenPurpose,
  owner: TokenOwner,
  now: Date,
  options: { replacePrevious?: boolean; mailKind?: string } = {},
): Promise<IssuedToken> {
  const columns = ownerColumns(owner);
  if (options.replacePrevious) await voidTokens(tx, purpose, owner, now);
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIMES_MS[purpose]);
  await tx.insert(accountTokens).values({ tokenHash: hashToken(token), purpose, ...columns, mailKind: options.mailKind ?? null, expiresAt });
  return { token, expiresAt };
}

/**
 * Makes a token as issueToken does, but only while `condition` holds, checked in the same statement: one
 * round trip where a read and then a write would be two. Undefined when the condition does not hold.
 */
export async function issueTokenIf(tx: DbOrTx, purpose: TokenPurpose, owner: TokenOwner, now: Date, mailKind: string | null, condition: SQL): Promise<IssuedToken | undefined> {
  const { userId, operatorId, registrationId } = ownerColumns(owner);
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIMES_MS[purpose]);
  const result = (await tx.execute(sql`insert into ${accountTokens} (token_hash, purpose, user_id, operator_id, registration_id, mail_kind, expires_at)
    select ${hashToken(token)}, ${purpose}, ${userId}::integer, ${operatorId}::integer, ${registrationId}::integer, ${mailKind}::text, ${expiresAt.toISOString()}::timestamptz
    where ${condition}
    returning 1 as issued`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0 ? { token, expiresAt } : undefined;
}

/** Ends every unused token of `purpose` for `owner`, e.g. when the user is disabled or a new link is sent. */
export async function voidTokens(tx: DbOrTx, purpose: TokenPurpose, owner: TokenOwner, now: Date): Promise<void> {
  const columns = ownerColumns(owner);
  const ownerColumn =
    columns.userId !== null
      ? eq(accountTokens.userId, columns.userId)
      : columns.operatorId !== null
        ? eq(accountTokens.operatorId, columns.operatorId)
        : eq(accountTokens.registrationId, columns.registrationId ?? -1);
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.purpose, purpose), ownerColumn, isNull(accountTokens.usedAt)));
}

/** The token if it is of one of `purposes`, unused and not expired at `now`; undefined otherwise. Uses nothing. */
export async function findValidToken(db: DbOrTx, token: string, purposes: readonly TokenPurpose[], now: Date): Promise<ValidToken | undefined> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)));
  if (!row || !(purposes as readonly string[]).includes(row.purpose)) return undefined;
  return { ...row, purpose: row.purpose as TokenPurpose };
}

/**
 * The token of one of `purposes` whether used or not (never an expired unused one): what a page shows about a link
 * before anyone uses it, and after ("already done"). Uses nothing.
 */
export async function findIssuedToken(db: DbOrTx, token: string, purposes: readonly TokenPurpose[], now: Date): Promise<(ValidToken & { used: boolean }) | undefined> {
  const [row] = await db.select().from(accountTokens).where(eq(accountTokens.tokenHash, hashToken(token)));
  if (!row || !(purposes as readonly string[]).includes(row.purpose)) return undefined;
  if (row.usedAt === null && row.expiresAt <= now) return undefined;
  return { ...row, purpose: row.purpose as TokenPurpose, used: row.usedAt !== null };
}

/**
 * Uses the token once: marks it used in the caller's transaction and answers it, or undefined when it is not
 * valid for `purposes`. Of two requests racing with the same token, exactly one gets it (the update is
 * conditional on it being unused).
 */
export async function consumeToken(tx: DbOrTx, token: string, purposes: readonly TokenPurpose[], now: Date): Promise<ValidToken | undefined> {
  const valid = await findValidToken(tx, token, purposes, now);
  if (!valid) return undefined;
  const used = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, valid.id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return used.length === 1 ? valid : undefined;
}
