import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Runs a raw statement and returns its rows. Both drivers (node-postgres and PGlite) answer with
 * `{ rows }`, but the shared Db type cannot say so, hence the one cast here.
 */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
