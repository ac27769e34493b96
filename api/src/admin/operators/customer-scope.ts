import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operatorSoldTos } from '../../db/schema';
import type { Operator } from '../auth/operator-tokens';

/**
 * Which customers an operator may see and act for (docs/assisted-service.md): `admin` and `customerService` every
 * sold-to, a `sales` operator those assigned to them. A customer outside the scope is answered as unknown (404).
 */
export type CustomerScope = { kind: 'all' } | { kind: 'assigned'; soldTos: ReadonlySet<string> };

export async function customerScopeOf(db: DbOrTx, operator: Pick<Operator, 'id' | 'role'>): Promise<CustomerScope> {
  if (operator.role !== 'sales') return { kind: 'all' };
  const rows = await db.select({ soldTo: operatorSoldTos.soldTo }).from(operatorSoldTos).where(eq(operatorSoldTos.operatorId, operator.id));
  return { kind: 'assigned', soldTos: new Set(rows.map((row) => row.soldTo)) };
}

/** Whether the operator may see and act for this sold-to, with one statement at most. */
export async function mayServeSoldTo(db: DbOrTx, operator: Pick<Operator, 'id' | 'role'>, soldTo: string): Promise<boolean> {
  if (operator.role !== 'sales') return true;
  const rows = await db
    .select({ soldTo: operatorSoldTos.soldTo })
    .from(operatorSoldTos)
    .where(and(eq(operatorSoldTos.operatorId, operator.id), eq(operatorSoldTos.soldTo, soldTo)))
    .limit(1);
  return rows.length > 0;
}
