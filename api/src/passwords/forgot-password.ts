import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../db/client';
import { accountTokens } from '../db/schema';
import { issueToken, TOKEN_LIFETIMES_MS, voidTokens, type TokenOwner, type TokenPurpose } from '../account-tokens/account-tokens';
import { generateToken, hashToken } from '../auth/token-crypto';
import type { RateLimit, RateLimitRule } from '../operations/rate-limit';
import { writeResetMail, type ResetAudience } from './reset-mail';

/** Reset requests from one client address, whatever the names (docs/people.md "Passwords"). */
export const RESET_REQUESTS_PER_ADDRESS: RateLimitRule = { name: 'reset-requests-address', limit: 20, windowSeconds: 60 * 60 };
/** Reset mails to one address, from everywhere: nobody's inbox is flooded through us. */
export const RESET_REQUESTS_PER_ACCOUNT: RateLimitRule = { name: 'reset-requests-account', limit: 3, windowSeconds: 60 * 60 };

export interface ResetRequestLimits {
  perAddress: RateLimit;
  perAccount: RateLimit;
}

/** Whom a reset mail goes to: an active account found by its sign-in address. */
export interface ResettableAccount {
  owner: TokenOwner;
  /** The outbox's ordering key, e.g. `user:12`. */
  ownerKey: string;
  recipient: { name: string; email: string };
}

export interface ResetRequestKind {
  purpose: Extract<TokenPurpose, 'reset' | 'operatorReset'>;
  audience: ResetAudience;
  /** The active account signing in with `email` (lower-cased), if there is one; one query, whatever the answer. */
  findActive: (tx: DbOrTx, email: string) => Promise<ResettableAccount | undefined>;
}

/** Typed addresses are counted by their hash, as sign-in names are (auth/sign-in-limits.ts). */
const addressKey = (email: string) => createHash('sha256').update(email).digest('base64url');

/**
 * "Forgot your password?": a known active account gets a single-use link by mail; the caller learns nothing
 * either way. The same statements run whether the address is an account or not (a token row is written in
 * both cases; one nobody owns opens nothing), so neither the answer nor its time tells. Over the rate limits
 * nothing is sent, and that answers the same too.
 */
export async function requestPasswordReset(
  db: Db,
  limits: ResetRequestLimits,
  kind: ResetRequestKind,
  request: { email: string; address: string; now: Date; mailTokenKey: Buffer },
): Promise<void> {
  const email = request.email.trim().toLowerCase();
  const fromAddress = await limits.perAddress.consume(request.address);
  const toAccount = await limits.perAccount.consume(addressKey(email));
  if (!fromAddress.allowed || !toAccount.allowed) return;
  await db.transaction(async (tx) => {
    const account = await kind.findActive(tx, email);
    if (!account) {
      await writeDecoyToken(tx, kind.purpose, request.now);
      return;
    }
    const issued = await issueToken(tx, kind.purpose, account.owner, request.now, { replacePrevious: true });
    await writeResetMail(tx, request.mailTokenKey, { audience: kind.audience, ownerKey: account.ownerKey, recipient: account.recipient, issued });
  });
}

/** What issueToken writes, for no owner: a row like a real link's, which opens nothing (reset needs an owner). */
async function writeDecoyToken(tx: DbOrTx, purpose: TokenPurpose, now: Date): Promise<void> {
  await voidTokens(tx, purpose, { userId: 0 }, now);
  await tx.insert(accountTokens).values({ tokenHash: hashToken(generateToken()), purpose, expiresAt: new Date(now.getTime() + TOKEN_LIFETIMES_MS[purpose]) });
}
