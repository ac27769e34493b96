import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../../src/db/client';
import { seedDemoData } from '../../src/seed/seed';

interface Options {
  seed?: boolean;
  products?: number;
}

/**
 * A database of the test file's own, built from the real migrations and the demo data: an in-memory
 * PGlite by default, or a fresh database on the server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(options: Options = {}): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createServerDatabase(serverUrl, options) : createPgliteDatabase(options);
}

/** Where each server test database lives, so a second "process" can open its own pool to it. */
const serverUrls = new WeakMap<Database, string>();

/**
 * A second handle on a test database, as a second API process would have: its own connection pool on
 * PostgreSQL; on PGlite, which one process owns, the same embedded database (closing it leaves it open).
 */
export async function openSameDatabase(database: Database): Promise<Database> {
  const url = serverUrls.get(database);
  if (url === undefined) return { ...database, close: async () => {} };
  return openDatabase({ kind: 'postgres', url, poolSize: 10 });
}

/** The URL of a test database on the server (TEST_DATABASE_URL); undefined on PGlite. */
export function serverDatabaseUrl(database: Database): string | undefined {
  return serverUrls.get(database);
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new database on the server of `serverUrl`, without tables: its URL, and the function that drops it. */
export async function createEmptyServerDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mv_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

async function createServerDatabase(serverUrl: string, options: Options): Promise<Database> {
  const empty = await createEmptyServerDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 20 });
  await build(database, options);
  const handle: Database = {
    ...database,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
  serverUrls.set(handle, empty.url);
  return handle;
}

async function build(database: Database, options: Options): Promise<void> {
  await database.migrate();
  if (options.seed !== false) await seedDemoData(database.db, { products: options.products });
}

/**
 * A fresh PGlite cluster costs an initdb, the migrations and the seed: seconds per test file. The first
 * file builds it once and leaves a dump (keyed by the migrations and the seed code, so any change to
 * either builds anew); every other file starts from a copy of that dump.
 */
async function createPgliteDatabase(options: Options): Promise<Database> {
  if (options.seed === false || options.products !== undefined) {
    const database = await openDatabase({ kind: 'pglite' });
    await build(database, options);
    return database;
  }
  const templateFile = join(tmpdir(), `meadowvale-test-db-${templateKey()}.tar.gz`);
  let dump: Blob | undefined;
  try {
    dump = new Blob([readFileSync(templateFile)]);
  } catch {
    dump = undefined;
  }
  if (dump) return openDatabase({ kind: 'pglite', fromDump: dump });

  const database = await openDatabase({ kind: 'pglite' });
  await build(database, options);
  const archive = await database.dump?.();
  if (archive) {
    // Written aside and renamed, so a file running in parallel never reads half a dump.
    const partial = `${templateFile}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
    renameSync(partial, templateFile);
  }
  return database;
}

function templateKey(): string {
  const seedDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/seed');
  const hash = createHash('sha256');
  for (const dir of [migrationsFolder, join(migrationsFolder, 'meta'), seedDir]) {
    for (const file of readdirSync(dir).filter((f) => /\.(sql|json|ts)$/.test(f)).sort()) {
      hash.update(file).update(readFileSync(join(dir, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}
