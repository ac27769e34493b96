import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../db/client';
import { accountTokens } from '../db/schema';
import { issueToken, TOKEN_LIFETIMES_MS, voidTokens, type IssuedToken, type TokenOwner, type TokenPurpose } from '../account-tokens/account-tokens';
import { generateToken, hashToken } from '../auth/token-crypto';
import type { RateLimit, RateLimitRule } from '../operations/rate-limit';
import { writeResetMail, type ResetAudience } from './reset-mail';
import type { Cause } from '../tracing/cause';

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

/** Thrown inside the mail's savepoint to undo a mail written for nobody. */
class WrittenForNobody extends Error {}

const NOBODY: ResettableAccount = { owner: { userId: 0 }, ownerKey: 'nobody', recipient: { name: '', email: '' } };

/**
 * "Forgot your password?": a known active account gets a single-use link by mail; the caller learns nothing
 * either way. The same statements run whether the address is an account or not: a token row is written (one
 * nobody owns opens nothing) and so is the mail, in a savepoint that is undone when it is for nobody. So
 * neither the answer nor its time tells. Over the rate limits nothing is sent, and that answers the same too.
 */
export async function requestPasswordReset(
  db: Db,
  limits: ResetRequestLimits,
  kind: ResetRequestKind,
  request: { email: string; address: string; now: Date; mailTokenKey: Buffer; cause: Cause },
): Promise<void> {
  const email = request.email.trim().toLowerCase();
  const fromAddress = await limits.perAddress.consume(request.address);
  const toAccount = await limits.perAccount.consume(addressKey(email));
  if (!fromAddress.allowed || !toAccount.allowed) return;
  await db.transaction(async (tx) => {
    const found = await kind.findActive(tx, email);
    const account = found ?? NOBODY;
    const issued = found
      ? await issueToken(tx, kind.purpose, account.owner, request.now, { replacePrevious: true })
      : await writeDecoyToken(tx, kind.purpose, request.now);
    try {
      await tx.transaction(async (mail) => {
        await writeResetMail(mail, request.mailTokenKey, { audience: kind.audience, ownerKey: account.ownerKey, recipient: account.recipient, issued, cause: request.cause });
        if (!found) throw new WrittenForNobody();
      });
    } catch (error) {
      if (!(error instanceof WrittenForNobody)) throw error;
    }
  });
}

/** What issueToken writes, for no owner: a row like a real link's, which opens nothing (a reset needs an owner). */
async function writeDecoyToken(tx: DbOrTx, purpose: TokenPurpose, now: Date): Promise<IssuedToken> {
  await voidTokens(tx, purpose, NOBODY.owner, now);
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIMES_MS[purpose]);
  await tx.insert(accountTokens).values({ tokenHash: hashToken(token), purpose, expiresAt });
  return { token, expiresAt };
}
