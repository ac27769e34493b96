import type { Db, DbOrTx } from '../db/client';
import { consumeToken, findValidToken, voidTokens, type TokenOwner, type TokenPurpose, type ValidToken } from '../account-tokens/account-tokens';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { unlockName } from '../auth/sign-in-limits';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { refusePassword } from './policy';
import type { ResetPasswordProblem, TokenProblem } from './problems';
import { writePasswordChangedMail, type ResetAudience } from './reset-mail';
import type { Cause } from '../tracing/cause';

/** Who holds a password link: an active customer user or operator. */
export interface LinkHolder {
  owner: TokenOwner;
  email: string;
  name: string;
  /** The name their sign-in tries are counted under (auth/sign-in-limits.ts). */
  signInName: string;
  /** The outbox's ordering key of their mails, e.g. `user:12`. */
  ownerKey: string;
  /** The stored hash of their current password (`!` before they chose one). */
  passwordHash: string;
}

/** The links that set a password for one kind of account (customers, operators): a reset and an invitation. */
export interface PasswordLinks<P extends TokenPurpose> {
  purposes: readonly P[];
  /** The purpose that replaces a password the account has (the others set a first one). */
  resetPurpose: P;
  /** Whose pages the "your password was changed" mail links. */
  audience: ResetAudience;
  /** The active account a valid token belongs to; undefined when it has none or it may no longer sign in. */
  holder: (tx: DbOrTx, token: ValidToken) => Promise<LinkHolder | undefined>;
  /** Stores the new hash and ends every session of the account. */
  setPassword: (tx: DbOrTx, owner: TokenOwner, passwordHash: string) => Promise<void>;
}

const tokenInvalid = () => fail<TokenProblem>({ kind: 'tokenInvalid' });

async function linkHolder<P extends TokenPurpose>(tx: DbOrTx, links: PasswordLinks<P>, token: string, now: Date) {
  const valid = await findValidToken(tx, token, links.purposes, now);
  const holder = valid && (await links.holder(tx, valid));
  return valid && holder ? { holder, purpose: valid.purpose as P, expiresAt: valid.expiresAt } : undefined;
}

/**
 * The reset page asks first whether its link still works, whether it is an invitation ("Choose your password"),
 * and for which sign-in address.
 */
export async function validateLink<P extends TokenPurpose>(
  db: Db,
  links: PasswordLinks<P>,
  token: string,
  now: Date,
): Promise<Result<{ valid: true; expiresAt: string; purpose: P; email: string }, TokenProblem>> {
  const found = await linkHolder(db, links, token, now);
  // The address the password is for: the page shows it (the link's holder was mailed there).
  return found ? ok({ valid: true, expiresAt: found.expiresAt.toISOString(), purpose: found.purpose, email: found.holder.email }) : tokenInvalid();
}

/**
 * Sets a new password through a reset or invitation link (docs/people.md "Passwords"). A password the policy
 * refuses, or a reset to the password the account has, leaves the link working. Once set: the link is used up
 * with every other link of the account, every session is ended, a sign-in lock on the name is lifted and, for a
 * reset, the owner is mailed that their password was changed. Answers whose password it was.
 */
export function resetThroughLink<P extends TokenPurpose>(
  db: Db,
  links: PasswordLinks<P>,
  input: { token: string; newPassword: string; now: Date; cause: Cause },
): Promise<Result<TokenOwner, ResetPasswordProblem>> {
  return inTransaction<TokenOwner, ResetPasswordProblem>(db, async (tx) => {
    const found = await linkHolder(tx, links, input.token, input.now);
    if (!found) return tokenInvalid();
    const { holder } = found;
    const refused = refusePassword(input.newPassword, holder);
    if (refused) return fail(refused);
    const replacing = found.purpose === links.resetPurpose;
    if (replacing && (await verifyPassword(holder.passwordHash, input.newPassword))) return fail({ kind: 'passwordUnchanged' });
    // Of two requests racing with the same link, one uses it; the other finds it used.
    if (!(await consumeToken(tx, input.token, links.purposes, input.now))) return tokenInvalid();
    await links.setPassword(tx, holder.owner, await hashPassword(input.newPassword));
    for (const purpose of links.purposes) await voidTokens(tx, purpose, holder.owner, input.now);
    await unlockName(tx, holder.signInName);
    if (replacing) await writePasswordChangedMail(tx, { audience: links.audience, ownerKey: holder.ownerKey, recipient: { name: holder.name, email: holder.email }, at: input.now, cause: input.cause });
    return ok(holder.owner);
  });
}
