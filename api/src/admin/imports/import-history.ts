import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { importRuns, operators } from '../../db/schema';

/** The latest import runs, newest first, with who ran them ("demo seed" when nobody did). */
export async function listImportRuns(db: DbOrTx, page: number, pageSize: number) {
  const rows = await db
    .select({ run: importRuns, operator: operators.email })
    .from(importRuns)
    .leftJoin(operators, eq(operators.id, importRuns.operatorId))
    .orderBy(desc(importRuns.startedAt), desc(importRuns.id))
    .limit(pageSize + 1)
    .offset(page * pageSize);
  return {
    runs: rows.slice(0, pageSize).map(({ run, operator }) => ({
      id: run.id,
      kind: run.kind,
      fileName: run.fileName,
      operator: operator ?? 'demo seed',
      dryRun: run.dryRun,
      outcome: run.outcome,
      rows: run.rowCount,
      valid: run.validCount,
      refused: run.refusedCount,
      inserted: run.insertedCount,
      updated: run.updatedCount,
      unchanged: run.unchangedCount,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt.toISOString(),
      problems: run.problems,
    })),
    hasMore: rows.length > pageSize,
  };
}
