import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** Both drivers (node-postgres and PGlite) answer `{ rows }`; the shared Db type cannot say so, hence the cast. */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
