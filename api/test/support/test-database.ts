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
  return { url: databaseUrl(serverUrl, name), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

/** Serialises making the template and copying it: CREATE DATABASE … TEMPLATE refuses a template in use. */
const TEMPLATE_LOCK = 7_240_116;

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A copy of the migrated and seeded template database, made once per server and key (the migrations and the seed
 * code) by whichever test file asks first: copying a database takes a fraction of a second, migrating and seeding
 * one takes seconds. The template outlives the run (`.ci/run` drops its own); a changed key makes a new one.
 */
async function copyOfTemplate(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  // The demo data is dated from today (deliveries yesterday, invoices overdue): a template of another day is stale.
  const template = `mv_template_${templateKey()}_${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;
  const name = `mv_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      const building = `${template}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, building), poolSize: 4 });
      try {
        await build(database, {});
      } finally {
        await database.close();
      }
      // Renamed when whole, so a run killed half-way leaves no template that looks finished.
      await admin.query(`alter database ${building} rename to ${template}`);
    }
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
  return { url: databaseUrl(serverUrl, name), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

async function createServerDatabase(serverUrl: string, options: Options): Promise<Database> {
  const fromTemplate = options.seed !== false && options.products === undefined;
  const empty = fromTemplate ? await copyOfTemplate(serverUrl) : await createEmptyServerDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 20 });
  if (!fromTemplate) await build(database, options);
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
