import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { operators, operatorTokens } from '../../db/schema';
import type { ResetRequestKind } from '../../passwords/forgot-password';
import { resetThroughLink, validateLink, type PasswordLinks } from '../../passwords/password-links';
import { operatorName } from './operator-sign-in';
import type { Cause } from '../../tracing/cause';

/** Operators' reset links: to an active operator, found by the address they sign in with; the link opens the back office's page. */
export const OPERATOR_RESET: ResetRequestKind = {
  purpose: 'operatorReset',
  audience: 'operator',
  async findActive(tx: DbOrTx, email: string) {
    const [operator] = await tx.select({ id: operators.id, name: operators.name, email: operators.email, status: operators.status }).from(operators).where(eq(operators.email, email));
    if (!operator || operator.status !== 'active') return undefined;
    return { owner: { operatorId: operator.id }, ownerKey: `operator:${operator.id}`, recipient: { name: operator.name, email: operator.email } };
  },
};

/** An operator's links that set a password: a reset, and the invitation an admin operator sent. */
export const OPERATOR_LINKS: PasswordLinks<'operatorReset' | 'operatorInvitation'> = {
  purposes: ['operatorReset', 'operatorInvitation'],
  resetPurpose: 'operatorReset',
  audience: 'operator',
  async holder(tx, token) {
    if (token.operatorId === null) return undefined;
    const [operator] = await tx
      .select({ id: operators.id, name: operators.name, email: operators.email, status: operators.status, passwordHash: operators.passwordHash })
      .from(operators)
      .where(eq(operators.id, token.operatorId));
    if (!operator || operator.status !== 'active') return undefined;
    return {
      owner: { operatorId: operator.id },
      email: operator.email,
      name: operator.name,
      signInName: operatorName(operator.email),
      ownerKey: `operator:${operator.id}`,
      passwordHash: operator.passwordHash,
    };
  },
  async setPassword(tx, owner, passwordHash) {
    if (!('operatorId' in owner)) throw new Error('an operator link belongs to an operator');
    await tx.update(operators).set({ passwordHash }).where(eq(operators.id, owner.operatorId));
    await tx.update(operatorTokens).set({ revokedAt: new Date() }).where(and(eq(operatorTokens.operatorId, owner.operatorId), isNull(operatorTokens.revokedAt)));
  },
};

export const validateOperatorToken = (db: Db, token: string, now: Date) => validateLink(db, OPERATOR_LINKS, token, now);
export const resetOperatorPassword = (db: Db, input: { token: string; newPassword: string; now: Date; cause: Cause }) => resetThroughLink(db, OPERATOR_LINKS, input);
