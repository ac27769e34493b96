import type { Db, DbOrTx, Tx } from '../../db/client';
import type { SourceRow } from './import-file';
import type { ImportProblem, WriteCounts } from './import-report';
import type { UpsertTarget } from './staged-upsert';
import type { Cause } from '../../tracing/cause';

/** A column of an import kind, as the template, the README and the checks know it. */
export interface ImportColumn {
  name: string;
  required: boolean;
  /** What goes in it, for people filling in a template. */
  help: string;
  /** The template's example value. */
  example: string;
}

/** What a write did: its counts, and any users it disabled (their cached tokens are forgotten once committed). */
export interface Written extends WriteCounts {
  disabledUserIds?: number[];
  /** New users e-mailed an invitation (customers imports). */
  invited?: number;
}

/**
 * Who runs a write and with what: the operator (null: the demo seed) for the audit entries it makes, the
 * clock, and the key that seals the links of the invitations a customers import mails to new users without
 * a password (null: the demo seed, whose users all have one).
 */
export interface WriteContext {
  operatorId: number | null;
  now: Date;
  mailTokenKey: Buffer | null;
  /** The request that runs the import: the invitations it sends carry its trace. */
  cause?: Cause;
}

export interface Checked<Row> {
  rows: Row[];
  problems: ImportProblem[];
}

interface KindBase<Row> {
  kind: string;
  columns: readonly ImportColumn[];
  /**
   * Writes checked rows held in memory inside the caller's transaction (a whole-file kind's import; the demo
   * seed, for every kind): upserts by code, untouched when nothing changed.
   */
  write(tx: Tx, rows: Row[], context: WriteContext): Promise<Written>;
}

/** Checked with every row of the file at hand: categories and customers, whose rows refer to each other. */
export interface WholeFileKind<Row> extends KindBase<Row> {
  /** Reads and checks every row; the valid ones come back typed, the rest as problems. */
  check(db: Db, rows: SourceRow[]): Promise<Checked<Row>>;
  /**
   * Work on checked rows too slow to hold a transaction open for (hashing passwords), done before the write's
   * transaction opens; answers the rows to write.
   */
  prepare?(db: Db, rows: Row[]): Promise<Row[]>;
}

/**
 * What a batched kind writes beside its table (the products import's food information): given each staged
 * batch, and told to write once the table's rows are merged, in the same transaction.
 */
export interface BatchFollower<Row> {
  add(rows: Row[]): Promise<void>;
  finish(context: WriteContext): Promise<void>;
}

/** Checks the next batch of a file's rows: answers the valid ones typed, and pushes the others' problems. */
export type BatchCheck<Row> = (rows: SourceRow[], problems: ImportProblem[]) => Promise<Row[]>;

/**
 * Checked a batch at a time as the file is read (each row on its own, against the database, and against the
 * keys of the rows before it), and written through a stage (staged-upsert.ts), so a file of 100 000 rows is
 * never held whole: products and prices.
 */
export interface BatchedKind<Row> extends KindBase<Row> {
  /** Starts checking one file; what its batches share (keys seen, references read once) lives in the answer. */
  startCheck(db: DbOrTx): Promise<BatchCheck<Row>>;
  target: UpsertTarget;
  /** Opens what the kind writes beside its table, if anything, in the import's transaction. */
  follower?(tx: Tx): Promise<BatchFollower<Row>>;
}

/**
 * One kind of import (categories, products, prices, customers): its columns, how a row is read and checked
 * (against the file and the database), and how valid rows are written. The runner (run-import.ts) does the
 * rest the same way for every kind; the demo seed calls `write` with rows it generated.
 */
export type ImportKind<Row> = WholeFileKind<Row> | BatchedKind<Row>;

/** Rows checked (and staged) at a time by a batched kind. */
export const CHECK_BATCH = 1000;

export const WRITE_BATCH = 1000;

/**
 * Keeps the first row of each key; every later one is a problem naming the line it repeats. `first` holds the
 * keys of earlier batches of the same file.
 */
export function refuseDuplicates<Row extends { line: number }>(rows: Row[], keyOf: (row: Row) => string, column: string, problems: ImportProblem[], first = new Map<string, number>()): Row[] {
  return rows.filter((row) => {
    const key = keyOf(row);
    const seen = first.get(key);
    if (seen !== undefined) {
      problems.push({ line: row.line, column, reason: `'${key}' appears already on line ${seen}` });
      return false;
    }
    first.set(key, row.line);
    return true;
  });
}
