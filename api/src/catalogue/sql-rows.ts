import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/**
 * Runs a raw statement and returns its rows. Both drivers (node-postgres and PGlite) answer with
 * `{ rows }`, but the shared Db type cannot say so, hence the one cast here.
 */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * A fragment without parameters, rendered to its text once: the ORM walks every piece of a statement on
 * each request (a type check per piece), and walking the constant ones was a large part of a search's CPU.
 */
export function constant(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`constant SQL has parameters: ${text}`);
  return sql.raw(text);
}
