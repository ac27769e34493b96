import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { selectRows } from '../../catalogue/sql-rows';
import type { WriteCounts } from './import-report';
import { arrayLiteral, textArray } from '../../db/text-array';

/** The table an import kind writes, the key it upserts by and the columns an import may change. */
export interface UpsertTarget<T extends PgTable = PgTable> {
  table: T;
  keys: PgColumn[];
  updated: PgColumn[];
}

const STAGE = sql.identifier('import_stage');

/** A value in PostgreSQL's text form (arrays as array literals), cast back to its column's type by the merge. */
function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return arrayLiteral(value.map(String));
  return String(value);
}

/**
 * The write of a large import (docs/back-office.md "Imports at scale"), inside the caller's transaction: checked
 * batches go to a temporary table as they come (one statement per batch, a text array per column), then one
 * statement upserts them all into the table in key order. Nothing of the table is touched or locked until
 * the whole file has passed, two imports of the same rows lock them in the same order (one waits, neither
 * deadlocks), and the search index is told once, not once per batch. As upsert.ts: a row whose values are
 * all the same already is left untouched and counted unchanged.
 */
export class StagedUpsert {
  private staged = 0;

  private constructor(
    private readonly tx: Tx,
    private readonly target: UpsertTarget,
    private readonly columns: { property: string; column: PgColumn }[],
  ) {}

  /** Creates the stage, dropped when the transaction ends whatever its outcome. */
  static async open(tx: Tx, target: UpsertTarget): Promise<StagedUpsert> {
    const columns = Object.entries(getTableColumns(target.table))
      .filter(([, column]) => target.keys.includes(column) || target.updated.includes(column))
      .map(([property, column]) => ({ property, column }));
    const definitions = sql.join(columns.map(({ column }) => sql`${sql.identifier(column.name)} text`), sql`, `);
    await tx.execute(sql`create temporary table ${STAGE} (${definitions}) on commit drop`);
    return new StagedUpsert(tx, target, columns);
  }

  /** Stages checked rows (the table's insert shape). */
  async add(rows: Record<string, unknown>[]): Promise<void> {
    if (rows.length === 0) return;
    const arrays = this.columns.map(({ property }) => textArray(rows.map((row) => textOf(row[property]))));
    await this.tx.execute(sql`insert into ${STAGE} select * from unnest(${sql.join(arrays, sql`, `)})`);
    this.staged += rows.length;
  }

  /** Upserts every staged row into the table; answers what it did. */
  async merge(): Promise<WriteCounts> {
    const { table, keys, updated } = this.target;
    const name = (column: PgColumn) => sql.identifier(column.name);
    const typed = (column: PgColumn) => sql`${name(column)}::${sql.raw(column.getSQLType())}`;
    const keyList = sql.join(keys.map(name), sql`, `);
    const set = sql.join(updated.map((column) => sql`${name(column)} = excluded.${name(column)}`), sql`, `);
    const current = sql.join(updated.map((column) => sql`${table}.${name(column)}`), sql`, `);
    const incoming = sql.join(updated.map((column) => sql`excluded.${name(column)}`), sql`, `);
    const [counts] = await selectRows<{ inserted: number; written: number }>(
      this.tx,
      sql`with written as (
        insert into ${table} (${sql.join(this.columns.map(({ column }) => name(column)), sql`, `)})
        select ${sql.join(this.columns.map(({ column }) => typed(column)), sql`, `)} from ${STAGE} order by ${sql.join(keys.map(typed), sql`, `)}
        on conflict (${keyList}) do update set ${set} where (${current}) is distinct from (${incoming})
        returning (xmax = 0) as inserted
      )
      select (count(*) filter (where inserted))::int as inserted, count(*)::int as written from written`,
    );
    const inserted = counts?.inserted ?? 0;
    const written = counts?.written ?? 0;
    return { inserted, updated: written - inserted, unchanged: this.staged - written };
  }
}
