import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operators } from '../../db/schema';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import type { SignInLimits } from '../../auth/sign-in-limits';
import { fail, ok, type Result } from '../../errors/result';
import { issueOperatorToken, type IssuedOperatorToken } from './operator-tokens';
import type { OperatorSignInProblem } from './problems';

export type OperatorSignIn = Result<{ tokens: IssuedOperatorToken; operatorId: number }, OperatorSignInProblem>;

/** Operators' counters live beside customers' under names of their own, so neither can lock out the other. */
export const operatorName = (email: string) => `operator:${email}`;

/**
 * An operator's password check, with the customers' rules (README "Sign-in limits"): the try is taken before the
 * password is checked, one argon2 verification on every path (the time tells nothing about the account), and
 * "disabled" only after the right password.
 */
export async function signInOperator(db: Db, limits: SignInLimits, attempt: { email: string; password: string; address: string }): Promise<OperatorSignIn> {
  const email = attempt.email.trim().toLowerCase();
  const allowance = await limits.take(operatorName(email), attempt.address);
  if (!allowance.allowed) return fail(allowance.refusal === 'address' ? { kind: 'addressLimited', retryAfterSeconds: allowance.retryAfterSeconds } : { kind: 'locked' });
  const operator = (await db.select().from(operators).where(eq(operators.email, email)).limit(1))[0];
  const valid = operator ? await verifyPassword(operator.passwordHash, attempt.password) : await verifyAgainstDummy(verifyPassword, attempt.password);
  if (!operator || !valid) return fail({ kind: 'badCredentials' });
  await limits.release(operatorName(email), attempt.address);
  if (operator.status !== 'active') return fail({ kind: 'disabled' });
  return ok({ tokens: await issueOperatorToken(db, operator.id), operatorId: operator.id });
}
