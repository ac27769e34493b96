import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { WRITE_BATCH } from './import-kind';
import type { WriteCounts } from './import-report';

/**
 * Inserts rows, or updates the row with the same key, in batches. A row whose values are all the same already
 * is left untouched (no write, no search trigger), so re-running a file changes nothing and says so:
 * `xmax = 0` marks a row this statement inserted, any other returned row was updated. `written` holds the first
 * key column of every row inserted or updated.
 */
export async function upsertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  keys: PgColumn[],
  updated: PgColumn[],
): Promise<WriteCounts & { written: Set<string> }> {
  const counts = { inserted: 0, updated: 0, unchanged: 0, written: new Set<string>() };
  if (rows.length === 0) return counts;
  const [firstKey] = keys;
  // Every import writes rows in key order, so two imports touching the same rows lock them in the same order
  // and one waits for the other instead of deadlocking.
  const properties = Object.entries(getTableColumns(table)).filter(([, column]) => keys.includes(column)).map(([property]) => property);
  const keyOf = (row: T['$inferInsert']) => properties.map((property) => String((row as Record<string, unknown>)[property])).join('\u0000');
  const ordered = rows
    .map((row) => ({ key: keyOf(row), row }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ row }) => row);
  const set: Record<string, SQL> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    if (updated.includes(column)) set[property] = sql.raw(`excluded."${column.name}"`);
  }
  const current = sql.join(updated.map((column) => sql`${table}.${sql.identifier(column.name)}`), sql`, `);
  const incoming = sql.join(updated.map((column) => sql.raw(`excluded."${column.name}"`)), sql`, `);
  for (let start = 0; start < ordered.length; start += WRITE_BATCH) {
    const batch = ordered.slice(start, start + WRITE_BATCH);
    const written = await tx
      .insert(table)
      .values(batch)
      .onConflictDoUpdate({ target: keys, set, setWhere: sql`(${current}) is distinct from (${incoming})` })
      .returning({ inserted: sql<boolean>`(xmax = 0)`, key: sql<string>`${firstKey}::text` });
    for (const row of written) counts.written.add(row.key);
    const inserted = written.filter((row) => row.inserted).length;
    counts.inserted += inserted;
    counts.updated += written.length - inserted;
    counts.unchanged += batch.length - written.length;
  }
  return counts;
}

export const addCounts = (a: WriteCounts, b: WriteCounts): WriteCounts => ({
  inserted: a.inserted + b.inserted,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
});
