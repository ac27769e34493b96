import type { Db, DbOrTx } from '../../db/client';
import { importRuns } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { readImportFile, type FileFormat } from './import-file';
import type { ImportKind, WriteContext } from './import-kind';
import { IMPORT_KINDS, type ImportKindName } from './import-kinds';
import { refusedLines, type ImportProblem, type ImportReport, type WriteCounts } from './import-report';

export interface ImportRequest {
  kind: ImportKindName;
  bytes: Buffer;
  format: FileFormat;
  fileName: string;
  dryRun: boolean;
  /** Null for the demo seed. */
  operatorId: number | null;
  now: Date;
  mailTokenKey: Buffer;
}

/** How many refused rows a run keeps in its history record (the answer itself lists them all). */
const PROBLEMS_KEPT = 100;
const NONE: WriteCounts = { inserted: 0, updated: 0, unchanged: 0 };

const byLine = (a: ImportProblem, b: ImportProblem) => a.line - b.line;

async function record(db: DbOrTx, report: ImportReport, operatorId: number | null, startedAt: Date): Promise<void> {
  await db.insert(importRuns).values({
    operatorId,
    kind: report.kind,
    fileName: report.fileName,
    dryRun: report.dryRun,
    outcome: report.outcome,
    rowCount: report.rows,
    validCount: report.valid,
    refusedCount: report.refused,
    insertedCount: report.inserted,
    updatedCount: report.updated,
    unchangedCount: report.unchanged,
    problems: report.problems.slice(0, PROBLEMS_KEPT),
    startedAt,
  });
}

/** What a run answers (its report) and what its caller does once it is committed. */
export interface ImportOutcome {
  report: ImportReport;
  /** Users the import disabled: the caller forgets their cached tokens (PrincipalCache.forgetUser). */
  disabledUserIds: number[];
}

/**
 * Writes checked rows in one transaction with the run's record and audit entry: all of it, or nothing. The
 * kind's slow preparation (hashing passwords) runs first, outside the transaction.
 */
export async function applyRows<Row>(db: Db, definition: ImportKind<Row>, rows: Row[], meta: WriteContext & { fileName: string; rowCount?: number }): Promise<ImportOutcome> {
  const startedAt = new Date();
  const ready = definition.prepare ? await definition.prepare(db, rows) : rows;
  return db.transaction(async (tx) => {
    const { disabledUserIds = [], invited = 0, ...counts } = await definition.write(tx, ready, { operatorId: meta.operatorId, now: meta.now, mailTokenKey: meta.mailTokenKey });
    const report: ImportReport = {
      kind: definition.kind,
      fileName: meta.fileName,
      dryRun: false,
      outcome: 'applied',
      rows: meta.rowCount ?? rows.length,
      valid: rows.length,
      refused: 0,
      problems: [],
      invited,
      ...counts,
    };
    await record(tx, report, meta.operatorId, startedAt);
    if (meta.operatorId !== null) {
      await recordAudit(tx, { operatorId: meta.operatorId, action: `import.${definition.kind}`, subject: `file:${meta.fileName}`, after: { rows: report.rows, ...counts, ...(invited > 0 ? { invited } : {}) } });
    }
    return { report, disabledUserIds };
  });
}

/**
 * An import from a file: read, check every row, then either report (dry run, or a real run with refused rows,
 * which writes nothing) or apply all of it in one transaction. Every run is recorded.
 */
export async function runImport(db: Db, request: ImportRequest): Promise<ImportOutcome> {
  const startedAt = new Date();
  const definition: ImportKind<unknown> = IMPORT_KINDS[request.kind];
  const columns = new Set(definition.columns.map((column) => column.name));
  const read = readImportFile(request.bytes, request.format, columns);
  const sourceRows = read.ok ? read.rows : [];
  const checked = read.ok ? await definition.check(db, sourceRows) : { rows: [], problems: read.problems };
  const problems = [...checked.problems].sort(byLine);
  if (request.dryRun || problems.length > 0) {
    const report: ImportReport = {
      kind: request.kind,
      fileName: request.fileName,
      dryRun: request.dryRun,
      outcome: request.dryRun ? 'checked' : 'refused',
      rows: sourceRows.length,
      valid: checked.rows.length,
      refused: read.ok ? refusedLines(problems) : 0,
      problems,
      invited: 0,
      ...NONE,
    };
    await record(db, report, request.operatorId, startedAt);
    return { report, disabledUserIds: [] };
  }
  const { fileName, operatorId, now, mailTokenKey } = request;
  return applyRows(db, definition, checked.rows, { fileName, operatorId, now, mailTokenKey, rowCount: sourceRows.length });
}
