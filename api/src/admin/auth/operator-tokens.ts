import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operatorTokens, operators } from '../../db/schema';
import { generateToken, hashToken } from '../../auth/token-crypto';
import { isOperatorRole, type OperatorRole } from './roles';

/** A working day: the back office signs in again each morning; there is no refresh token to steal. */
export const OPERATOR_TOKEN_TTL_SECONDS = 8 * 3600;

export interface Operator {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
}

export interface IssuedOperatorToken {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export async function issueOperatorToken(db: DbOrTx, operatorId: number): Promise<IssuedOperatorToken> {
  const token = generateToken();
  await db.insert(operatorTokens).values({
    tokenHash: hashToken(token),
    operatorId,
    expiresAt: new Date(Date.now() + OPERATOR_TOKEN_TTL_SECONDS * 1000),
  });
  return { access_token: token, token_type: 'bearer', expires_in: OPERATOR_TOKEN_TTL_SECONDS };
}

/** The operator a token speaks for; null when unknown, expired, revoked, or the operator is disabled. */
export async function resolveOperatorToken(db: DbOrTx, token: string): Promise<Operator | null> {
  const rows = await db
    .select({ id: operators.id, email: operators.email, name: operators.name, role: operators.role, status: operators.status })
    .from(operatorTokens)
    .innerJoin(operators, eq(operators.id, operatorTokens.operatorId))
    .where(and(eq(operatorTokens.tokenHash, hashToken(token)), isNull(operatorTokens.revokedAt), gt(operatorTokens.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row || row.status !== 'active' || !isOperatorRole(row.role)) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

/** Sign-out: the token stops working at once. Unknown tokens are not an error (RFC 7009's rule). */
export async function revokeOperatorToken(db: DbOrTx, token: string): Promise<void> {
  await db
    .update(operatorTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(operatorTokens.tokenHash, hashToken(token)), isNull(operatorTokens.revokedAt)));
}

/** When an operator token stops working; null when unknown or revoked. A session it starts may not outlive it. */
export async function operatorTokenExpiry(db: DbOrTx, token: string): Promise<Date | null> {
  const rows = await db
    .select({ expiresAt: operatorTokens.expiresAt })
    .from(operatorTokens)
    .where(and(eq(operatorTokens.tokenHash, hashToken(token)), isNull(operatorTokens.revokedAt)))
    .limit(1);
  return rows[0]?.expiresAt ?? null;
}
