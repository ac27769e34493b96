import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { SharedListener, type NotificationHandlers } from './listener';
import { NamedStatementClient } from './named-statements';
import * as schema from './schema';

/** The one database type every query is written against, whichever driver sits below. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; queries take `Db | Tx` so a use case can pass its transaction down. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of each notification on `channel` (LISTEN); `onLost` when
   * notifications may have been missed (PostgreSQL: the listening connection failed; it is not reopened).
   * Resolves once listening, with the function that stops. On PostgreSQL every channel of the process shares
   * one listening connection (db/listener.ts).
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /**
   * Applies the migrations not yet applied. On PostgreSQL one process at a time: processes starting together
   * (two API processes of a deploy) would otherwise both apply the same migration, and one would fail.
   */
  migrate(): Promise<void>;
  /**
   * Connections checked out and callers waiting for one (the metrics, docs/metrics.md). PGlite is one
   * embedded connection that every query shares: one in use, none waiting.
   */
  poolUsage(): { inUse: number; waiting: number };
  /** PGlite only: the whole cluster as a gzipped archive, to start copies from. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize: number }
  /** `fromDump`: start from a dumpDatabase() archive instead of an empty cluster (test databases). */
  | { kind: 'pglite'; dataDir?: string; fromDump?: Blob };

const here = dirname(fileURLToPath(import.meta.url));
/** Works from src/db (tsx) and from dist (the bundled build copies drizzle/ beside it). */
export const migrationsFolder =
  [resolve(here, 'drizzle'), resolve(here, '../../drizzle')].find((dir) => existsSync(dir)) ?? resolve(here, '../../drizzle');

/**
 * The advisory lock the migrations run under (any fixed number; advisory locks are per database). A process
 * waiting for it then finds the migrations applied and has nothing left to do.
 */
const MIGRATIONS_LOCK = 7_240_115;

/** The session lock lives with the connection: one client holds it, and a failed client is discarded with it. */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
    await client.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
  client.release();
}

export async function openDatabase(target: DatabaseTarget, onPoolError?: (error: Error) => void): Promise<Database> {
  if (target.kind === 'postgres') {
    // A database that does not answer a connection attempt fails the request (503) after 5 s instead of holding it.
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize, Client: NamedStatementClient, connectionTimeoutMillis: 5_000 });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on('error', (error) => onPoolError?.(error));
    // A client checked out between two queries of a transaction has no pool listener: without its own, a
    // connection dropped just then would be an uncaught 'error' event and end the process.
    pool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const listener = new SharedListener(target.url);
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, handlers) => listener.listen(channel, handlers),
      migrate: () => migrateUnderLock(pool),
      poolUsage: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dataDir = target.dataDir === undefined ? undefined : join(target.dataDir, 'pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers, all resident in the WebAssembly heap, would double the
  // process's memory; the demo database is a few tens of MB and the OS caches its files anyway.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, unaccent },
    startParams,
    loadDataDir: target.fromDump,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    dump: () => client.dumpDataDir('gzip'),
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
    },
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, (payload) => handlers.onMessage(payload));
      return () => stop();
    },
    poolUsage: () => ({ inUse: 1, waiting: 0 }),
    close: () => client.close(),
  };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(schema.users);
  return Number(rows[0]?.n ?? 0) === 0;
}
