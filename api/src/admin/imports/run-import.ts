import type { Db, DbOrTx, Tx } from '../../db/client';
import { importRuns } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { readImportFile, type FileFormat, type FileRows, type SourceRow } from './import-file';
import { CHECK_BATCH, type BatchedKind, type ImportKind, type WriteContext } from './import-kind';
import { IMPORT_KINDS, type ImportKindName } from './import-kinds';
import { refusedLines, type ImportProblem, type ImportReport, type WriteCounts } from './import-report';
import { StagedUpsert } from './staged-upsert';
import type { Cause } from '../../tracing/cause';

export interface ImportRequest {
  kind: ImportKindName;
  /** The file as it arrives (the request body). */
  bytes: AsyncIterable<Buffer>;
  format: FileFormat;
  fileName: string;
  dryRun: boolean;
  /** Null for the demo seed. */
  operatorId: number | null;
  now: Date;
  mailTokenKey: Buffer;
  /** The request that runs the import, traced by the mails it sends. */
  cause?: Cause;
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

/** What an applied run records beside its writes, in the same transaction: the run, and for an operator the audit entry. */
async function recordApplied(tx: Tx, report: ImportReport, operatorId: number | null, startedAt: Date): Promise<void> {
  await record(tx, report, operatorId, startedAt);
  if (operatorId !== null) {
    const { inserted, updated, unchanged, invited } = report;
    await recordAudit(tx, { operatorId, action: `import.${report.kind}`, subject: `file:${report.fileName}`, after: { rows: report.rows, inserted, updated, unchanged, ...(invited > 0 ? { invited } : {}) } });
  }
}

const appliedReport = (kind: string, fileName: string, rows: number, valid: number, counts: WriteCounts, invited = 0): ImportReport => ({
  kind,
  fileName,
  dryRun: false,
  outcome: 'applied',
  rows,
  valid,
  refused: 0,
  problems: [],
  invited,
  ...counts,
});

/**
 * Writes checked rows in one transaction with the run's record and audit entry: all of it, or nothing. The
 * kind's slow preparation (hashing passwords) runs first, outside the transaction.
 */
export async function applyRows<Row>(db: Db, definition: ImportKind<Row>, rows: Row[], meta: WriteContext & { fileName: string; rowCount?: number }): Promise<ImportOutcome> {
  const startedAt = new Date();
  const ready = 'prepare' in definition && definition.prepare ? await definition.prepare(db, rows) : rows;
  return db.transaction(async (tx) => {
    const { disabledUserIds = [], invited = 0, ...counts } = await definition.write(tx, ready, { operatorId: meta.operatorId, now: meta.now, mailTokenKey: meta.mailTokenKey, cause: meta.cause });
    const report = appliedReport(definition.kind, meta.fileName, meta.rowCount ?? rows.length, rows.length, counts, invited);
    await recordApplied(tx, report, meta.operatorId, startedAt);
    return { report, disabledUserIds };
  });
}

/** A file's rows as checked: how many were read, how many passed, and every problem. */
interface CheckedFile {
  rows: number;
  valid: number;
  problems: ImportProblem[];
}

/**
 * Checks a batched kind's rows a batch at a time as the file is read, handing each batch's valid rows to
 * `accept` while no row has been refused (once one has, nothing will be written).
 */
async function checkInBatches<Row>(db: DbOrTx, definition: BatchedKind<Row>, file: FileRows, accept: (rows: Row[]) => Promise<void>): Promise<CheckedFile> {
  const check = await definition.startCheck(db);
  const checked: CheckedFile = { rows: 0, valid: 0, problems: [] };
  let batch: SourceRow[] = [];
  const flush = async () => {
    const valid = await check(batch, checked.problems);
    batch = [];
    checked.valid += valid.length;
    if (checked.problems.length === 0 && file.problems.length === 0) await accept(valid);
  };
  for await (const row of file.rows) {
    checked.rows++;
    batch.push(row);
    if (batch.length === CHECK_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return checked;
}

/** The report of a run that wrote nothing: a dry run, or a file with refused rows (or refused whole). */
function unwrittenReport(request: ImportRequest, checked: CheckedFile, fileProblems: ImportProblem[]): ImportReport {
  const wholeFile = fileProblems.length > 0;
  const problems = [...(wholeFile ? fileProblems : checked.problems)].sort(byLine);
  return {
    kind: request.kind,
    fileName: request.fileName,
    dryRun: request.dryRun,
    outcome: request.dryRun ? 'checked' : 'refused',
    rows: wholeFile ? 0 : checked.rows,
    valid: wholeFile ? 0 : checked.valid,
    refused: wholeFile ? 0 : refusedLines(problems),
    problems,
    invited: 0,
    ...NONE,
  };
}

/**
 * A batched kind's real run: checked batches are staged as they come, and merged into the table only once
 * the whole file has passed, all in one transaction with the run's record and audit entry. A refused file
 * leaves nothing behind (its stage goes with the transaction).
 */
async function applyInBatches<Row>(db: Db, definition: BatchedKind<Row>, file: FileRows, request: ImportRequest, startedAt: Date): Promise<ImportOutcome> {
  const { report, checked } = await db.transaction(async (tx) => {
    const stage = await StagedUpsert.open(tx, definition.target);
    const follower = await definition.follower?.(tx);
    const checked = await checkInBatches(tx, definition, file, async (rows) => {
      await stage.add(rows as Record<string, unknown>[]);
      await follower?.add(rows);
    });
    if (file.problems.length > 0 || checked.problems.length > 0) return { checked, report: undefined };
    const counts = await stage.merge();
    const { operatorId, now, mailTokenKey, cause } = request;
    await follower?.finish({ operatorId, now, mailTokenKey, ...(cause ? { cause } : {}) });
    const report = appliedReport(definition.kind, request.fileName, checked.rows, checked.valid, counts);
    await recordApplied(tx, report, request.operatorId, startedAt);
    return { checked, report };
  });
  if (report) return { report, disabledUserIds: [] };
  const refused = unwrittenReport(request, checked, file.problems);
  await record(db, refused, request.operatorId, startedAt);
  return { report: refused, disabledUserIds: [] };
}

/**
 * An import from a file: read, check every row, then either report (dry run, or a real run with refused rows,
 * which writes nothing) or apply all of it in one transaction. Every run is recorded. Products and prices are
 * checked and written a batch at a time (docs/back-office.md "Imports at scale").
 */
export async function runImport(db: Db, request: ImportRequest): Promise<ImportOutcome> {
  const startedAt = new Date();
  const definition: ImportKind<unknown> = IMPORT_KINDS[request.kind];
  const columns = new Set(definition.columns.map((column) => column.name));
  const file = await readImportFile(request.bytes, request.format, columns);
  const notWritten = async (checked: CheckedFile, fileProblems: ImportProblem[]) => {
    const report = unwrittenReport(request, checked, fileProblems);
    await record(db, report, request.operatorId, startedAt);
    return { report, disabledUserIds: [] };
  };
  if (!file.ok) return notWritten({ rows: 0, valid: 0, problems: [] }, file.problems);
  if ('startCheck' in definition) {
    if (!request.dryRun) return applyInBatches(db, definition, file, request, startedAt);
    return notWritten(await checkInBatches(db, definition, file, async () => undefined), file.problems);
  }
  const sourceRows: SourceRow[] = [];
  for await (const row of file.rows) sourceRows.push(row);
  if (file.problems.length > 0) return notWritten({ rows: 0, valid: 0, problems: [] }, file.problems);
  const checked = await definition.check(db, sourceRows);
  if (request.dryRun || checked.problems.length > 0) return notWritten({ rows: sourceRows.length, valid: checked.rows.length, problems: checked.problems }, []);
  const { fileName, operatorId, now, mailTokenKey, cause } = request;
  return applyRows(db, definition, checked.rows, { fileName, operatorId, now, mailTokenKey, cause, rowCount: sourceRows.length });
}
