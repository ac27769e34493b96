import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { signInAttempts } from '../db/schema';
import type { RateLimit } from '../operations/rate-limit';

/**
 * Who may have a password checked (README "Sign-in limits"). Every try is counted before its password is checked,
 * in one atomic statement, so parallel guesses cannot all read "not locked yet". Counters are keyed by the name as
 * typed, known or not: an unknown name locks exactly like a customer's, so the answers never tell which exist.
 */
export const SIGN_IN_LOCK = {
  /** Tries at one name from one address per window; later ones answer "Account Locked" unchecked. */
  perAccountAndAddress: 5,
  /** Checked tries at one name from all addresses together per window: against guessing spread over many. */
  perAccount: 50,
  windowMinutes: 15,
} as const;

export type SignInAllowance = { allowed: true } | { allowed: false; refusal: 'locked' } | { allowed: false; refusal: 'address'; retryAfterSeconds: number };

/** Typed names are kept only as hashes: a name field often receives a password typed in the wrong box. */
const keyOf = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');
const accountKey = (name: string) => keyOf('account', name);
const accountAndAddressKey = (name: string, address: string) => keyOf('account-address', name, address);

/** One more try in the key's fixed window (a fresh window when the last one has ended); the count including it. */
async function countTry(db: Db, key: string, name: string): Promise<number> {
  const windowEnded = sql`${signInAttempts.windowEndsAt} <= now()`;
  const rows = await db
    .insert(signInAttempts)
    .values({ key, accountKey: accountKey(name), attempts: 1, windowEndsAt: sql`now() + make_interval(mins => ${SIGN_IN_LOCK.windowMinutes})` })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        attempts: sql`case when ${windowEnded} then 1 else ${signInAttempts.attempts} + 1 end`,
        windowEndsAt: sql`case when ${windowEnded} then excluded.window_ends_at else ${signInAttempts.windowEndsAt} end`,
      },
    })
    .returning({ attempts: signInAttempts.attempts });
  return rows[0]?.attempts ?? Number.POSITIVE_INFINITY;
}

export class SignInLimits {
  constructor(
    private readonly db: Db,
    /** Tries from one address at any names (memory or Redis): slows guessing across many accounts. */
    private readonly perAddress: RateLimit,
  ) {}

  /** Takes one try for this name from this address, or says why not. A refused try checks no password. */
  async take(name: string, address: string): Promise<SignInAllowance> {
    const fromAddress = await this.perAddress.consume(address);
    if (!fromAddress.allowed) return { allowed: false, refusal: 'address', retryAfterSeconds: fromAddress.retryAfterSeconds };
    if ((await countTry(this.db, accountAndAddressKey(name, address), name)) > SIGN_IN_LOCK.perAccountAndAddress) {
      return { allowed: false, refusal: 'locked' };
    }
    // Only tries that get as far as a password check count against the account everywhere, so one address's
    // refused tries cannot help lock the account for everyone else.
    if ((await countTry(this.db, accountKey(name), name)) > SIGN_IN_LOCK.perAccount) return { allowed: false, refusal: 'locked' };
    return { allowed: true };
  }

  /**
   * The right password: its try was no guess. Clears this address's count at the name and hands back the try
   * it took from the others; failures from elsewhere stay counted.
   */
  async release(name: string, address: string): Promise<void> {
    await this.db.delete(signInAttempts).where(eq(signInAttempts.key, accountAndAddressKey(name, address)));
    await this.db
      .update(signInAttempts)
      .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
      .where(eq(signInAttempts.key, accountKey(name)));
    await this.perAddress.refund(address);
  }

  /** Counters whose window has ended mean nothing any more. */
  async forgetEnded(): Promise<void> {
    await this.db.delete(signInAttempts).where(lte(signInAttempts.windowEndsAt, sql`now()`));
  }
}

/** An operator's unlock: every counter of the name goes, from every address, so its next try is checked. */
export async function unlockName(db: DbOrTx, name: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.accountKey, accountKey(name.trim().toLowerCase())));
}

/** Which of these names are locked now, from some address or from everywhere (for the back office). */
export async function lockedNames(db: DbOrTx, names: string[]): Promise<Set<string>> {
  const byKey = new Map(names.map((name) => [accountKey(name.trim().toLowerCase()), name]));
  if (byKey.size === 0) return new Set();
  const rows = await db
    .selectDistinct({ accountKey: signInAttempts.accountKey })
    .from(signInAttempts)
    .where(
      and(
        inArray(signInAttempts.accountKey, [...byKey.keys()]),
        gt(signInAttempts.windowEndsAt, sql`now()`),
        or(
          and(eq(signInAttempts.key, signInAttempts.accountKey), gt(signInAttempts.attempts, SIGN_IN_LOCK.perAccount)),
          and(ne(signInAttempts.key, signInAttempts.accountKey), gt(signInAttempts.attempts, SIGN_IN_LOCK.perAccountAndAddress)),
        ),
      ),
    );
  return new Set(rows.flatMap((row) => byKey.get(row.accountKey) ?? []));
}
