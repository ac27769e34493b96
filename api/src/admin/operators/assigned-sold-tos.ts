import { and, asc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Db, DbOrTx } from '../../db/client';
import { operatorSoldTos, operators, soldTos } from '../../db/schema';
import { fail, ok, type Result } from '../../errors/result';
import { inTransaction } from '../../errors/transaction';
import type { OperatorProblem } from './problems';

/** A rep and the sold-tos assigned to them, by code (docs/back-office.md "Sales reps"). */
export interface AssignedSoldTos {
  id: number;
  email: string;
  name: string;
  role: string;
  soldTos: { code: string; name: string }[];
}

async function assignedTo(db: DbOrTx, operatorId: number): Promise<AssignedSoldTos['soldTos']> {
  return db
    .select({ code: soldTos.code, name: soldTos.name })
    .from(operatorSoldTos)
    .innerJoin(soldTos, eq(soldTos.code, operatorSoldTos.soldTo))
    .where(eq(operatorSoldTos.operatorId, operatorId))
    .orderBy(asc(soldTos.code));
}

/** The sold-tos assigned to an operator: none for an admin or customer service, who see every customer. */
export async function readAssignedSoldTos(db: Db, id: number): Promise<Result<AssignedSoldTos, OperatorProblem>> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  if (!row) return fail({ kind: 'operatorNotFound', id });
  return ok({ id: row.id, email: row.email, name: row.name, role: row.role, soldTos: await assignedTo(db, id) });
}

/**
 * Replaces a rep's sold-tos with the list given (an admin, on the operators page), audited as `operator.soldTos`
 * with the codes before and after. Every code must exist; the same list again changes and logs nothing. The
 * operator's row is locked, so two admins assigning the same rep at once apply one after the other.
 */
export async function assignSoldTos(db: Db, id: number, codes: readonly string[], byOperatorId: number): Promise<Result<AssignedSoldTos, OperatorProblem>> {
  return inTransaction<AssignedSoldTos, OperatorProblem>(db, async (tx) => {
    const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update').limit(1);
    if (!row) return fail({ kind: 'operatorNotFound', id });
    if (row.role !== 'sales') return fail({ kind: 'notSales', email: row.email, role: row.role });
    const wanted = [...new Set(codes)];
    const known = new Set(wanted.length === 0 ? [] : (await tx.select({ code: soldTos.code }).from(soldTos).where(inArray(soldTos.code, wanted))).map((r) => r.code));
    const index = codes.findIndex((code) => !known.has(code));
    if (index >= 0) return fail({ kind: 'soldToNotFound', code: codes[index] ?? '', index });
    const before = (await assignedTo(tx, id)).map((soldTo) => soldTo.code);
    const removed = before.filter((code) => !known.has(code));
    const added = wanted.filter((code) => !before.includes(code));
    if (removed.length > 0) await tx.delete(operatorSoldTos).where(and(eq(operatorSoldTos.operatorId, id), inArray(operatorSoldTos.soldTo, removed)));
    if (added.length > 0) await tx.insert(operatorSoldTos).values(added.map((soldTo) => ({ operatorId: id, soldTo })));
    const after = await assignedTo(tx, id);
    if (removed.length > 0 || added.length > 0) {
      await recordAudit(tx, { operatorId: byOperatorId, action: 'operator.soldTos', subject: `operator:${row.email}`, before: { soldTos: before }, after: { soldTos: after.map((soldTo) => soldTo.code) } });
    }
    return ok({ id: row.id, email: row.email, name: row.name, role: row.role, soldTos: after });
  });
}
