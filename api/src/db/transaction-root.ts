import type { Db, DbOrTx, Tx } from './client';

const roots = new WeakMap<DbOrTx, Db>();

/**
 * `db.transaction`, remembering which handle the transaction was opened on: what a process keeps per database
 * handle (a copy of data in memory) can then be found from inside the transaction (rootOf).
 */
export function transactionOf<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => {
    roots.set(tx, db);
    return work(tx);
  });
}

/** The handle a transaction opened by transactionOf belongs to; undefined for any other handle. */
export const rootOf = (tx: DbOrTx): Db | undefined => roots.get(tx);
